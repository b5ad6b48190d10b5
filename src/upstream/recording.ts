// `--upstream-record FILE`: what was fetched from the upstream deployment, written as a seed file
// that `serve --seed FILE` replays offline (docs/upstream.md, "Recording a session"). The file is
// written with the seed command's writer, whole or not at all, after each batch fetched; with
// anonymize, as `record --anonymize` writes it (src/cli/record/anonymize.ts).
import { anonymizeProduct } from '../cli/record/anonymize.js';
import { writeDatasetFile } from '../seed/file.js';
import type { SeedData } from '../domain/types.js';
import type { Fetched } from './upstream.js';

export interface RecordingOptions {
  file: string;
  anonymize?: boolean;
  /** Where a failed write is said; the session goes on. */
  warn?: (line: string) => void;
}

/** Writes the latest of what it is given, one write at a time; `flush` waits for the last. */
export class SessionRecording {
  #latest: Fetched | undefined;
  #writing: Promise<void> | undefined;

  constructor(readonly options: RecordingOptions) {}

  /** Everything fetched so far: written once the write under way (if any) is done. */
  update(fetched: Fetched): void {
    this.#latest = fetched;
    this.#writing ??= this.#loop().finally(() => {
      this.#writing = undefined;
    });
  }

  async #loop(): Promise<void> {
    while (this.#latest !== undefined) {
      const fetched = this.#latest;
      this.#latest = undefined;
      const data: SeedData = {
        products: this.options.anonymize
          ? (fetched.products.map((p) =>
              anonymizeProduct(p as unknown as Record<string, unknown>),
            ) as unknown as SeedData['products'])
          : fetched.products,
        productTypes: fetched.productTypes,
      };
      try {
        await writeDatasetFile(data, this.options.file);
      } catch (err) {
        this.options.warn?.(
          `upstream: could not write the recording ${this.options.file}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  /** Resolves once everything given is written. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }
}
