import 'reflect-metadata';

import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';

// A service's structure read from Nest's decorator metadata, no app started (issue 28): the
// app-module specs walk the module tree under AppModule and the patterns each controller answers.
// It loads reflect-metadata itself, because the kit's index exports it and suites that start no Nest
// app first (the e2e global setup) import the index too.

export type ModuleEntry = Type | DynamicModule;

/** The values a decorator stored under key on target, none when it stored nothing. */
export const nestMetadata = (target: object, key: string): unknown[] =>
  (Reflect.getMetadata(key, target) as unknown[] | undefined) ?? [];

function isDynamic(entry: ModuleEntry): entry is DynamicModule {
  return typeof entry === 'object' && 'module' in entry;
}

/**
 * The controllers of every module in the tree under an entry, each entry walked once: a controller
 * appears twice only when two modules declare it.
 */
export function controllersUnder(entry: ModuleEntry, seen = new Set<ModuleEntry>()): Type[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const module = isDynamic(entry) ? entry.module : entry;
  const dynamic: Partial<DynamicModule> = isDynamic(entry) ? entry : {};
  const imports = [
    ...(nestMetadata(module, MODULE_METADATA.IMPORTS) as ModuleEntry[]),
    ...((dynamic.imports ?? []) as ModuleEntry[]),
  ];
  return [
    ...(nestMetadata(module, MODULE_METADATA.CONTROLLERS) as Type[]),
    ...(dynamic.controllers ?? []),
    ...imports.flatMap((child) => controllersUnder(child, seen)),
  ];
}

/** The patterns each handler of a controller answers. */
export function patternsOf(controller: Type): string[] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype)
    .filter((name) => name !== 'constructor' && typeof prototype[name] === 'function')
    .flatMap((name) => nestMetadata(prototype[name] as object, PATTERN_METADATA))
    .filter((pattern): pattern is string => typeof pattern === 'string');
}
