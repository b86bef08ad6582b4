import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import * as models from 'kubernetes-models';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as the manifests write it (the checks read only a few fields). */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

export interface Kustomization {
  resources?: string[];
  images?: { name: string }[];
  replicas?: { name: string; count: number }[];
  secretGenerator?: { name: string; behavior?: string }[];
  namespace?: string;
}

export function readKustomization(dir: string): Kustomization {
  return parseAllDocuments(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'))[0]!.toJS();
}

/** Every object a kustomization builds from its resources (files, and folders of other kustomizations). */
export function manifestsOf(dir: string): Manifest[] {
  return (readKustomization(dir).resources ?? []).flatMap((resource) => {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) return manifestsOf(path);
    return parseAllDocuments(readFileSync(path, 'utf8')).map((doc) => {
      if (doc.errors.length) throw new Error(`${path}: ${doc.errors[0]!.message}`);
      return doc.toJS() as Manifest;
    });
  });
}

/** The YAML files of a folder that its kustomization does not list (they would never be deployed). */
export function unlistedFiles(dir: string): string[] {
  const listed = new Set(readKustomization(dir).resources ?? []);
  return readdirSync(dir).filter(
    (file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml' && !listed.has(file),
  );
}

type ModelClass = new (data: unknown) => { validate(): void };

/**
 * The kubernetes-models class of an object (`apps/v1` Deployment → models.apps.v1.Deployment; the core
 * group `v1` → models.v1), whose validate() checks it against the Kubernetes API's JSON schema.
 */
export function modelOf(manifest: Manifest): ModelClass | undefined {
  const [group, version] = manifest.apiVersion.includes('/')
    ? manifest.apiVersion.split('/')
    : ['', manifest.apiVersion];
  const groupKey = group!.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
  const library = models as unknown as Record<string, Record<string, Record<string, ModelClass>>>;
  const versions = groupKey ? library[groupKey] : { [version!]: library[version!] };
  return (versions?.[version!] as Record<string, ModelClass> | undefined)?.[manifest.kind];
}

/** The schema's refusal of an object, or undefined when it is valid. */
export function schemaProblem(manifest: Manifest): string | undefined {
  const Model = modelOf(manifest);
  const name = `${manifest.kind} ${manifest.metadata?.name}`;
  if (!Model) return `${name}: unknown API ${manifest.apiVersion}`;
  try {
    new Model(manifest).validate();
    return undefined;
  } catch (error) {
    return `${name}: ${(error as Error).message}`;
  }
}
