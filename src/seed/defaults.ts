/** The dataset every scope starts from when --seed names none. */
export const DEFAULT_SEED = 'demo';
