// Remakes src/generated/demoClips.ts: the MP4 clips the demo datasets' video entries answer
// (docs/workbench.md, "Demo media"), one for each colour of clipPalette() (src/media/demoMedia.ts),
// two seconds of that colour with a play mark, 128 x 128, H.264 constrained baseline, the profile
// every browser decodes. The clips are written as base64 into a module, so that the server and the
// msw handlers in a browser serve them alike, with no file to read.
//
// Needs ffmpeg with libx264 on PATH (Debian: apt-get install ffmpeg) and a build (npm run build),
// whose src/media/demoMedia.js it reads the palette from. No test and no build runs it:
//   node scripts/make-demo-clips.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const GENERATED = join(root, 'src', 'generated', 'demoClips.ts');
const { clipPalette } = await import(join(root, 'dist', 'src', 'media', 'demoMedia.js'));

const SIZE = 128;
const SECONDS = 2;

/** Whether a point (in units of the picture's size) is inside the play mark, a centred triangle. */
const inMark = (x, y) => x >= 0.38 && x <= 0.66 && Math.abs(y - 0.5) <= ((0.66 - x) / 0.28) * 0.17;

/** One frame, RGB row by row: the colour, the mark in ink. */
function frame(colour, ink) {
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      rgb.set(inMark((col + 0.5) / SIZE, (row + 0.5) / SIZE) ? ink : colour, (row * SIZE + col) * 3);
    }
  }
  return rgb;
}

/** The clip as MP4 bytes: one frame a second, the same frame each time. */
function clip(colour, ink, dir) {
  const out = join(dir, 'clip.mp4');
  const one = frame(colour, ink);
  const input = new Uint8Array(one.length * SECONDS);
  for (let i = 0; i < SECONDS; i++) input.set(one, i * one.length);
  // Bit-exact, one thread and no metadata: the same palette gives the same bytes on a rerun.
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${SIZE}x${SIZE}`, '-framerate', '1', '-i', 'pipe:0'],
    ...['-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p'],
    ...['-preset', 'veryslow', '-tune', 'stillimage', '-crf', '20', '-threads', '1'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-movflags', '+faststart'],
    out,
  ];
  const run = spawnSync('ffmpeg', args, { input, stdio: ['pipe', 'inherit', 'inherit'] });
  if (run.error) throw new Error(`ffmpeg did not run (is it installed?): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`ffmpeg exited with ${run.status}`);
  return readFileSync(out);
}

const dir = mkdtempSync(join(tmpdir(), 'demo-clips-'));
try {
  const clips = clipPalette().map(({ colour, ink }) => ({ colour, mp4: clip(colour, ink, dir) }));
  const text =
    '// Written by `node scripts/make-demo-clips.mjs` (ffmpeg); do not edit.\n\n' +
    "/** The demo video clips: each clip's colour (RGB) and its MP4 bytes in base64. */\n" +
    'export const DEMO_CLIPS: readonly { colour: readonly [number, number, number]; mp4: string }[] = [\n' +
    clips
      .map((c) => `  { colour: [${c.colour.join(', ')}], mp4: '${c.mp4.toString('base64')}' },\n`)
      .join('') +
    '];\n';
  writeFileSync(GENERATED, text);
  const bytes = clips.reduce((n, c) => n + c.mp4.length, 0);
  console.log(`wrote ${GENERATED}: ${clips.length} clips, ${bytes} bytes of MP4`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
