import { lazy } from 'react';

/** The 3D structure viewer, fetched on first show: Mol* is several megabytes (its own chunk). */
export const LazyMolstarViewer = lazy(() =>
  import('./MolstarViewer').then((m) => ({ default: m.MolstarViewer })),
);
