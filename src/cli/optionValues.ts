// The command line's option values: each parser turns the text given into the value, or refuses it
// with a message commander prints after the option's name.
import { InvalidArgumentError } from 'commander';
import { parseLatency } from '../workbench/latency.js';

export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be a port number 0-65535');
  return n;
}

export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a positive number');
  return n;
}

export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number from 1');
  return n;
}

export function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new InvalidArgumentError('must be a whole number');
  return n;
}

export function milliseconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number of milliseconds');
  return n;
}

/** A --latency value ("N" or "A-B" milliseconds), kept as given once it parses. */
export function latency(value: string): string {
  try {
    parseLatency(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return value;
}
