// Node-only entry point (`@platform/antibody/node`): what needs the file system, kept out of the
// browser bundle, which imports the main entry only.
import { type FvModel, type ModelOptions, modelStructure } from './structure/model';
import { loadTemplateLibrary } from './structure/templates-node';

export { DEFAULT_LIBRARY_PATH, loadTemplateLibrary } from './structure/templates-node';

/** The built-in Fv modeller on the template library shipped with the package. */
export function modelWithBuiltInTemplates(
  input: { heavy?: string; light?: string },
  options: ModelOptions = {},
): FvModel {
  return modelStructure(input, loadTemplateLibrary(), options);
}
