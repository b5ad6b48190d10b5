export default async function globalTeardown() {
  await globalThis.catalogMock?.stop();
}
