export * from './samplers';
export * from './sillyTavernPreset';
