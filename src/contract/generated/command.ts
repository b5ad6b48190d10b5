export interface GeneratedOptions {
  baseUrl?: string;
  apiKey: string;
  examples?: number;
  seed?: number;
  readonly?: boolean;
}
export async function runGeneratedCommand(opts: GeneratedOptions): Promise<number> {
  void opts;
  return 1;
}
