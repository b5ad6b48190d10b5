// The demo video the bundled datasets' video entries point at: a two-second MP4 that a <video>
// element plays, drawn at run time (no file, no codec library). The picture is the media card's
// colour with a play mark, coded as H.264 constrained baseline, the profile every browser decodes:
// one intra frame whose macroblocks are raw samples (I_PCM, so nothing needs compressing), then a
// frame that repeats it (every macroblock skipped). Pure: Uint8Array only, for the server and the
// msw handlers alike (docs/behaviour.md, "Seeds").
import { MsbBits } from './pictures/msbBits.js';

/** Width and height in pixels: 8 x 8 macroblocks of 16 pixels, about 25 KB. */
const SIZE = 128;
const MBS = SIZE / 16;
const FRAMES = 2;
/** Milliseconds per frame: the clip lasts FRAMES seconds. */
const FRAME_MS = 1000;
const PROFILE = 66; // baseline
const CONSTRAINTS = 0xc0; // constraint_set0 and set1: constrained baseline
const LEVEL = 30;

/** Writes an H.264 bit string: fixed-width fields and Exp-Golomb codes (ITU-T H.264, 7.2 and 9.1). */
class Bits extends MsbBits {
  ue(value: number): void {
    const coded = value + 1;
    const width = 32 - Math.clz32(coded);
    this.u(width - 1, 0);
    this.u(width, coded);
  }

  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  /** Bytes as they are, once aligned (the samples of an I_PCM macroblock). */
  bytes(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.written.push(values[i]!);
  }

  /** rbsp_trailing_bits, then the payload with emulation prevention bytes (7.4.1). */
  nal(header: number): Uint8Array {
    this.bit(1);
    this.align();
    const out = [header];
    let zeros = 0;
    for (const byte of this.written) {
      if (zeros >= 2 && byte <= 3) {
        out.push(3);
        zeros = 0;
      }
      out.push(byte);
      zeros = byte === 0 ? zeros + 1 : 0;
    }
    return Uint8Array.from(out);
  }
}

function sps(): Uint8Array {
  const b = new Bits();
  b.u(8, PROFILE);
  b.u(8, CONSTRAINTS);
  b.u(8, LEVEL);
  b.ue(0); // seq_parameter_set_id
  b.ue(0); // log2_max_frame_num_minus4: frame_num in 4 bits
  b.ue(2); // pic_order_cnt_type 2: output order is decoding order
  b.ue(1); // max_num_ref_frames
  b.u(1, 0); // gaps_in_frame_num_value_allowed_flag
  b.ue(MBS - 1); // pic_width_in_mbs_minus1
  b.ue(MBS - 1); // pic_height_in_map_units_minus1
  b.u(1, 1); // frame_mbs_only_flag
  b.u(1, 1); // direct_8x8_inference_flag
  b.u(1, 0); // frame_cropping_flag
  b.u(1, 0); // vui_parameters_present_flag
  return b.nal(0x67);
}

function pps(): Uint8Array {
  const b = new Bits();
  b.ue(0); // pic_parameter_set_id
  b.ue(0); // seq_parameter_set_id
  b.u(1, 0); // entropy_coding_mode_flag: CAVLC
  b.u(1, 0); // bottom_field_pic_order_in_frame_present_flag
  b.ue(0); // num_slice_groups_minus1
  b.ue(0); // num_ref_idx_l0_default_active_minus1
  b.ue(0); // num_ref_idx_l1_default_active_minus1
  b.u(1, 0); // weighted_pred_flag
  b.u(2, 0); // weighted_bipred_idc
  b.se(0); // pic_init_qp_minus26
  b.se(0); // pic_init_qs_minus26
  b.se(0); // chroma_qp_index_offset
  b.u(1, 1); // deblocking_filter_control_present_flag
  b.u(1, 0); // constrained_intra_pred_flag
  b.u(1, 0); // redundant_pic_cnt_present_flag
  return b.nal(0x68);
}

/** The picture's planes, 4:2:0: luma SIZE x SIZE, each chroma plane half that each way. */
interface Planes {
  y: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

/** The IDR frame: every macroblock I_PCM, its samples as they are. */
function idrSlice({ y, cb, cr }: Planes): Uint8Array {
  const b = new Bits();
  b.ue(0); // first_mb_in_slice
  b.ue(7); // slice_type: I, every slice of the picture
  b.ue(0); // pic_parameter_set_id
  b.u(4, 0); // frame_num
  b.ue(0); // idr_pic_id
  b.u(1, 0); // no_output_of_prior_pics_flag
  b.u(1, 0); // long_term_reference_flag
  b.se(0); // slice_qp_delta
  b.ue(1); // disable_deblocking_filter_idc: off, raw samples stay as drawn
  const half = SIZE / 2;
  for (let my = 0; my < MBS; my++) {
    for (let mx = 0; mx < MBS; mx++) {
      b.ue(25); // mb_type I_PCM
      b.align(); // pcm_alignment_zero_bit
      for (let row = 0; row < 16; row++) {
        const at = (my * 16 + row) * SIZE + mx * 16;
        b.bytes(y.subarray(at, at + 16));
      }
      for (const plane of [cb, cr]) {
        for (let row = 0; row < 8; row++) {
          const at = (my * 8 + row) * half + mx * 8;
          b.bytes(plane.subarray(at, at + 8));
        }
      }
    }
  }
  return b.nal(0x65);
}

/** A frame that repeats the one before: a P slice whose macroblocks are all skipped. */
function skipSlice(frameNum: number): Uint8Array {
  const b = new Bits();
  b.ue(0); // first_mb_in_slice
  b.ue(5); // slice_type: P, every slice of the picture
  b.ue(0); // pic_parameter_set_id
  b.u(4, frameNum);
  b.u(1, 0); // num_ref_idx_active_override_flag
  b.u(1, 0); // ref_pic_list_modification_flag_l0
  b.u(1, 0); // adaptive_ref_pic_marking_mode_flag
  b.se(0); // slice_qp_delta
  b.ue(1); // disable_deblocking_filter_idc
  b.ue(MBS * MBS); // mb_skip_run: all of them
  return b.nal(0x41);
}

/** An RGB colour, 0 to 255 each, from '#rgb', '#rrggbb' or 'hsl(h, s%, l%)'; grey otherwise. */
export function rgbOf(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const hsl = /^hsl\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)%,\s*(\d+(?:\.\d+)?)%\)$/.exec(colour);
  if (!hsl) return [128, 128, 128];
  const [h, s, l] = [Number(hsl[1]) / 360, Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

/** Studio-range BT.601 (what a stream without colour information is read as), kept within 1..254. */
function ycbcr([r, g, b]: [number, number, number]): [number, number, number] {
  const clamp = (v: number) => Math.min(254, Math.max(1, Math.round(v)));
  return [
    clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255),
    clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255),
    clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255),
  ];
}

/** Whether a point (in units of the picture's size) is inside the play mark, a centred triangle. */
const inMark = (x: number, y: number): boolean =>
  x >= 0.38 && x <= 0.66 && Math.abs(y - 0.5) <= ((0.66 - x) / 0.28) * 0.17;

function draw(background: string, ink: string): Planes {
  const [bg, fg] = [ycbcr(rgbOf(background)), ycbcr(rgbOf(ink))];
  const half = SIZE / 2;
  const y = new Uint8Array(SIZE * SIZE);
  const cb = new Uint8Array(half * half);
  const cr = new Uint8Array(half * half);
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      y[row * SIZE + col] = (inMark((col + 0.5) / SIZE, (row + 0.5) / SIZE) ? fg : bg)[0];
    }
  }
  for (let row = 0; row < half; row++) {
    for (let col = 0; col < half; col++) {
      const [, u, v] = inMark((col + 0.5) / half, (row + 0.5) / half) ? fg : bg;
      cb[row * half + col] = u;
      cr[row * half + col] = v;
    }
  }
  return { y, cb, cr };
}

/** An ISO BMFF box: its size, its type, then its content. */
function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Big-endian fields: [width in bytes, value] pairs, or strings as their ASCII bytes. */
function fields(...values: ([1 | 2 | 4, number] | string)[]): Uint8Array {
  const size = values.reduce((n, v) => n + (typeof v === 'string' ? v.length : v[0]), 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const v of values) {
    if (typeof v === 'string') {
      for (let i = 0; i < v.length; i++) out[at + i] = v.charCodeAt(i);
      at += v.length;
      continue;
    }
    const [width, value] = v;
    if (width === 1) view.setUint8(at, value);
    else if (width === 2) view.setUint16(at, value);
    else view.setUint32(at, value >>> 0);
    at += width;
  }
  return out;
}

const zeros = (n: number): [4, 0][] => Array.from({ length: n }, () => [4, 0] as [4, 0]);
/** The identity transformation matrix of mvhd and tkhd. */
const MATRIX: [4, number][] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map((v) => [4, v]);

/** A sample: its NAL units, each preceded by its length in 4 bytes. */
function sample(...units: Uint8Array[]): Uint8Array {
  return Uint8Array.from(units.flatMap((u) => [...fields([4, u.length]), ...u]));
}

function mp4(seqParams: Uint8Array, picParams: Uint8Array, samples: Uint8Array[]): Uint8Array {
  const duration = samples.length * FRAME_MS;
  const avcC = box(
    'avcC',
    fields([1, 1], [1, PROFILE], [1, CONSTRAINTS], [1, LEVEL], [1, 0xff], [1, 0xe1], [2, seqParams.length]),
    seqParams,
    fields([1, 1], [2, picParams.length]),
    picParams,
  );
  const avc1 = box(
    'avc1',
    fields([4, 0], [2, 0], [2, 1], [2, 0], [2, 0], ...zeros(3), [2, SIZE], [2, SIZE]),
    fields([4, 0x480000], [4, 0x480000], [4, 0], [2, 1], ...zeros(8), [2, 0x18], [2, 0xffff]),
    avcC,
  );
  const sizes = samples.map((s): [4, number] => [4, s.length]);
  const ftyp = box('ftyp', fields('isom', [4, 0x200], 'isomiso2avc1mp41'));
  const moovWith = (offset: number): Uint8Array =>
    box(
      'moov',
      box(
        'mvhd',
        fields(
          [4, 0],
          [4, 0],
          [4, 0],
          [4, 1000],
          [4, duration],
          [4, 0x10000],
          [2, 0x100],
          [2, 0],
          ...zeros(2),
          ...MATRIX,
          ...zeros(6),
          [4, 2],
        ),
      ),
      box(
        'trak',
        box(
          'tkhd',
          fields(
            [4, 3],
            [4, 0],
            [4, 0],
            [4, 1],
            [4, 0],
            [4, duration],
            ...zeros(2),
            [2, 0],
            [2, 0],
            [2, 0],
            [2, 0],
            ...MATRIX,
            [4, SIZE << 16],
            [4, SIZE << 16],
          ),
        ),
        box(
          'mdia',
          box('mdhd', fields([4, 0], [4, 0], [4, 0], [4, 1000], [4, duration], [2, 0x55c4], [2, 0])),
          box('hdlr', fields([4, 0], [4, 0], 'vide', ...zeros(3), 'VideoHandler', [1, 0])),
          box(
            'minf',
            box('vmhd', fields([4, 1], [2, 0], [2, 0], [2, 0], [2, 0])),
            box('dinf', box('dref', fields([4, 0], [4, 1]), box('url ', fields([4, 1])))),
            box(
              'stbl',
              box('stsd', fields([4, 0], [4, 1]), avc1),
              box('stts', fields([4, 0], [4, 1], [4, samples.length], [4, FRAME_MS])),
              box('stss', fields([4, 0], [4, 1], [4, 1])),
              box('stsc', fields([4, 0], [4, 1], [4, 1], [4, samples.length], [4, 1])),
              box('stsz', fields([4, 0], [4, 0], [4, samples.length], ...sizes)),
              box('stco', fields([4, 0], [4, 1], [4, offset])),
            ),
          ),
        ),
      ),
    );
  // The index before the data, so a player starts at once; its size does not depend on the offset.
  const moov = moovWith(ftyp.length + moovWith(0).length + 8);
  return Uint8Array.from([...ftyp, ...moov, ...box('mdat', ...samples)]);
}

/**
 * A two-second MP4 (H.264, 128 x 128): the colour `background` with a play mark in `ink`. The same
 * colours always give the same bytes.
 */
export function cardVideo(background: string, ink: string): Uint8Array {
  const seqParams = sps();
  const picParams = pps();
  // The parameter sets travel in the sample description (avcC), not in the samples.
  const frames = [sample(idrSlice(draw(background, ink)))];
  for (let n = 1; n < FRAMES; n++) frames.push(sample(skipSlice(n)));
  return mp4(seqParams, picParams, frames);
}
