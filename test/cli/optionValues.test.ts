import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  dataFile,
  host,
  integer,
  milliseconds,
  outFile,
  port,
  positiveInteger,
  positiveNumber,
} from '../../src/cli/terminal/optionValues.js';

describe('--settle-ms', () => {
  it('takes decimal digits only, as CONTRACT_SETTLE_MS does', () => {
    expect(milliseconds('0')).toBe(0);
    expect(milliseconds('1500')).toBe(1500);
    // Number() reads the first two as 0 and 16
    for (const value of [' ', '0x10', '1e3', '-5', '2.5', ''])
      expect(() => milliseconds(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
  });
});

describe('--port (and PORT), --compact-after, --limit, --seed of --generated', () => {
  it('take decimal numbers in range', () => {
    expect(port('0')).toBe(0);
    expect(port('4010')).toBe(4010);
    expect(positiveNumber('0.5')).toBe(0.5);
    expect(positiveNumber('64')).toBe(64);
    expect(positiveInteger('100')).toBe(100);
    expect(integer('-7')).toBe(-7);
  });

  it('refuse an empty value and what Number() alone would read as another number', () => {
    // An empty PORT= was port 0 (a free port) and "0x1F90" port 8080.
    for (const value of ['', ' ', '0x1F90', '1e3', '4010 ', '+80', 'Infinity'])
      expect(() => port(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
    for (const value of ['', ' ', '0x10', '1e2'])
      expect(() => positiveNumber(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
    for (const value of ['', '0x10', '1e2'])
      expect(() => positiveInteger(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
    for (const value of ['', ' ', '0x10'])
      expect(() => integer(value), JSON.stringify(value)).toThrow(InvalidArgumentError);
  });
});

describe('--out of seed and record', () => {
  it('refuses an empty value, which was said to be a directory', () => {
    expect(outFile('catalog.json')).toBe('catalog.json');
    expect(outFile('-')).toBe('-');
    for (const value of ['', '  ']) {
      expect(() => outFile(value), JSON.stringify(value)).toThrow(
        'names no file: give the path of the file to write',
      );
    }
  });
});

describe('--data and --host', () => {
  it('take what names a file or an address', () => {
    expect(dataFile('catalog.json')).toBe('catalog.json');
    expect(host('0.0.0.0')).toBe('0.0.0.0');
  });

  it('refuse an empty value: --data "" kept the data in memory only, --host "" said "Invalid URL"', () => {
    for (const value of ['', '  ']) {
      expect(() => dataFile(value), JSON.stringify(value)).toThrow(/names no file/);
      expect(() => host(value), JSON.stringify(value)).toThrow(/names no address/);
    }
  });
});
