// Flushing to disk what a rename or a write put there: the store's journal and snapshot, and any
// file written whole by replacing it (src/seed/replaceFile.ts).
import { open } from 'node:fs/promises';

/** Flushes a file or directory to disk, so that a rename is not kept while its content is lost. */
export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
