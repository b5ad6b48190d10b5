// `record --anonymize`: the words and pictures of a recorded catalog replaced with generated ones.
// Ids, types, prices, structure and relations stay; barcodes stay valid GS1 codes. The same input
// always gives the same output: text by product, brands by brand name, barcodes by barcode.
// Product types are kept as they are: their labels name categories, not a customer's products.
import { createHash } from 'node:crypto';
import { Faker, en } from '@faker-js/faker';
import { BARCODE_FIELDS } from '../../domain/barcode.js';
import { gs1CheckDigit, isValidGtin } from '../../seed/barcodes.js';
import { MEDIA_BASE } from '../../media/demoMedia.js';

type Json = Record<string, unknown>;

const faker = new Faker({ locale: [en] });

const seedOf = (value: string): number => createHash('sha256').update(value).digest().readUInt32BE(0);

/** A barcode of the same length standing for this one: valid when the original was. */
function anonymizeBarcode(code: string): string {
  if (!/^\d+$/.test(code)) return code;
  const digits = createHash('sha256').update(`barcode:${code}`).digest();
  let body = '';
  for (let i = 0; body.length < code.length - 1; i++) body += String(digits[i % digits.length]! % 10);
  return isValidGtin(code) ? body + gs1CheckDigit(body) : body + String(digits[31]! % 10);
}

const extensionOf = (url: string): string =>
  /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase() ?? 'jpg';

const mediaFor = (productGroupId: string, n: number, original: string): string =>
  `${MEDIA_BASE}/anonymized/${encodeURIComponent(productGroupId)}/${n}.${extensionOf(original)}`;

/** Replaces `key` in each element of a localized list, keeping every other field. */
function localized(list: unknown, key: string, make: () => string): unknown {
  return Array.isArray(list)
    ? list.map((e: Json) => (typeof e?.[key] === 'string' ? { ...e, [key]: make() } : e))
    : list;
}

function brandName(original: string): string {
  faker.seed(seedOf(`brand:${original}`));
  return faker.company.name();
}

function brands(list: unknown, productGroupId: string, media: () => number): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((b: Json) => {
    const out: Json = { ...b };
    if (typeof b.brandName === 'string') out.brandName = brandName(b.brandName);
    if (typeof b.brandDescription === 'string') out.brandDescription = faker.company.catchPhrase();
    if (typeof b.brandLogo === 'string') out.brandLogo = mediaFor(productGroupId, media(), b.brandLogo);
    return out;
  });
}

function variants(list: unknown, productGroupId: string, media: () => number): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((v: Json) => {
    const out: Json = { ...v };
    for (const field of BARCODE_FIELDS) {
      const codes = v[field];
      if (typeof codes === 'string') out[field] = anonymizeBarcode(codes);
      else if (Array.isArray(codes))
        out[field] = codes.map((c) => (typeof c === 'string' ? anonymizeBarcode(c) : c));
    }
    if (typeof v.productName === 'string') out.productName = faker.commerce.productName();
    if (typeof v.gtinName === 'string') out.gtinName = faker.commerce.productName();
    if (typeof v.colorImageUrl === 'string')
      out.colorImageUrl = mediaFor(productGroupId, media(), v.colorImageUrl);
    return out;
  });
}

/** One product with generated names, descriptions, brand names and media URLs. */
export function anonymizeProduct(product: Json): Json {
  const id = String(product.productGroupId);
  faker.seed(seedOf(`product:${id}`));
  let n = 0;
  const media = () => ++n;
  const sentence = () => faker.commerce.productDescription();
  const out: Json = { ...product };
  out.productName = localized(product.productName, 'productName', () => faker.commerce.productName());
  out.productDescription = localized(product.productDescription, 'productDescription', sentence);
  out.productShortDescription = localized(product.productShortDescription, 'productShortDescription', () =>
    faker.commerce.productAdjective(),
  );
  out.productInternalName = localized(product.productInternalName, 'productInternalName', () =>
    faker.commerce.productName(),
  );
  out.variants = variants(product.variants, id, media);
  out.catalogPageLocationProduct = Array.isArray(product.catalogPageLocationProduct)
    ? product.catalogPageLocationProduct.map((m: Json) =>
        typeof m.catalogPageLocationProduct === 'string'
          ? { ...m, catalogPageLocationProduct: mediaFor(id, media(), m.catalogPageLocationProduct) }
          : m,
      )
    : product.catalogPageLocationProduct;
  // brands last: their names are seeded by brand, not by product
  out.brand = brands(product.brand, id, media);
  if (typeof product.sortName === 'string' && Array.isArray(out.productName))
    out.sortName = String((out.productName[0] as Json | undefined)?.productName ?? product.sortName);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}
