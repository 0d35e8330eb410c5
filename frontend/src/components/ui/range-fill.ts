import type { CSSProperties } from 'react';

/** The --fill a .range-input paints up to its thumb: the value's position between min and max. */
export function rangeFillStyle(value: number, min: number, max: number): CSSProperties {
  const share = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;
  return { '--fill': `${Math.round(share * 1000) / 10}%` } as CSSProperties;
}
