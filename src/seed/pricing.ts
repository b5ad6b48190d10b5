import type { PriceEnding, Space } from './model.js';

const cents = (n: number) => Number(n.toFixed(2));

/** A euro amount in the space's currency, rounded the way shelf prices end there. */
export function shelfPrice(euros: number, space: Space): number {
  return endPrice(euros * space.rate, space.ending);
}

export function endPrice(amount: number, ending: PriceEnding): number {
  switch (ending) {
    case 'nine':
      return Math.max(9, Math.round(amount / 10) * 10 - 1);
    case 'cents99':
      return cents(Math.max(1, Math.round(amount)) - 0.01);
    case 'cents95':
      return cents(Math.max(1, Math.round(amount)) - 0.05);
    case 'cents90':
      return cents(Math.max(1, Math.round(amount)) - 0.1);
  }
}
