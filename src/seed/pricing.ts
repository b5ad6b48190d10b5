import type { PriceEnding, Space } from '../../seeds/model.js';

/** A euro amount in the space's currency, rounded the way shelf prices end there. */
export function shelfPrice(euros: number, space: Space): number {
  return endPrice(euros * space.rate, space.ending);
}

export function endPrice(amount: number, ending: PriceEnding): number {
  switch (ending) {
    case 'nine':
      return Math.max(9, Math.round(amount / 10) * 10 - 1);
    case 'cents99':
      return endingIn(amount, 1);
    case 'cents95':
      return endingIn(amount, 5);
    case 'cents90':
      return endingIn(amount, 10);
  }
}

/**
 * The whole amount (at least 1) less some cents, as the nearest number to that decimal: an exact
 * count of cents divided by 100 gives the same number as parsing the decimal, without formatting it.
 */
function endingIn(amount: number, lessCents: number): number {
  return (Math.max(1, Math.round(amount)) * 100 - lessCents) / 100;
}
