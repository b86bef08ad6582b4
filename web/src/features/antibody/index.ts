// What the antibody feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { BuiltInModelNote } from './components/BuiltInModelNote';
export { EpitopeChart } from './components/EpitopeChart';
export { Segments } from './components/EpitopeTab';
export { FvStructureView } from './components/FvStructureView';
export { Highlighted } from './components/Highlighted';
export { Humanized } from './components/HumanizationTab';
export { LazyMolstarViewer } from './components/LazyMolstarViewer';
export { Germlines, Residues } from './components/NumberingTab';
export {
  colorsByError,
  colorsByPatch,
  colorsByRegion,
  colorsByTap,
  pdbResidues,
  type ResidueColors,
  type ResidueRef,
} from './components/residue-colors';
export { Figures, Liabilities } from './components/RiskTab';
export { StructureEpitopes } from './components/StructureEpitopes';
export { TableHead } from './components/TableHead';
export { VariantTable } from './components/VariantTable';
export { EXAMPLE_ANTIBODIES, EXAMPLE_ANTIGEN } from './examples';
export { type CsvValue, saveText, toCsv } from './export';
export { CHAIN_TYPES, inLanguage, percent, REGIONS } from './labels';
