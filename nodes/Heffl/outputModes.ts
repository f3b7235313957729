/** The Heffl Tool's Output modes: offered by descriptions/, read by execute/. Selected keeps `id`. */
export const OUTPUT = { simplified: 'simplified', raw: 'raw', selected: 'selected' } as const;
