// Category trees as ProductType records: roots have isRoot and no parentId, titles carry the path.
import type { ProductType } from '../domain/types.js';
import { text, type CategoryNode, type Lang } from '../../seeds/model.js';

export interface LeafType<Leaf> {
  productTypeId: string;
  leaf: Leaf;
}

export interface FlatTree<Leaf> {
  productTypes: ProductType[];
  leaves: LeafType<Leaf>[];
}

/** Depth-first: a parent always comes before its children, so the records read as a tree. */
export function flattenTree<Leaf>(
  roots: readonly CategoryNode<Leaf>[],
  languages: readonly Lang[],
): FlatTree<Leaf> {
  const productTypes: ProductType[] = [];
  const leaves: LeafType<Leaf>[] = [];
  const visit = (node: CategoryNode<Leaf>, parent: CategoryNode<Leaf> | undefined, paths: string[]) => {
    const labels = languages.map((lang) => text(node.title, lang));
    const nodePaths = labels.map((label, i) => (parent ? `${paths[i]} / ${label}` : label));
    productTypes.push({
      productTypeId: node.id,
      ...(parent ? { parentId: parent.id } : {}),
      isRoot: !parent,
      title: languages.map((lang, i) => ({ isoLanguageId: lang, label: labels[i]!, path: nodePaths[i]! })),
    });
    if (node.children?.length) {
      for (const child of node.children) visit(child, node, nodePaths);
    } else if (node.leaf) {
      leaves.push({ productTypeId: node.id, leaf: node.leaf });
    } else {
      throw new Error(`Product type "${node.id}" has neither children nor a leaf description`);
    }
  };
  for (const root of roots) visit(root, undefined, []);
  return { productTypes, leaves };
}
