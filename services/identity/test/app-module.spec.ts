import 'reflect-metadata';

import { MODULE_METADATA } from '@nestjs/common/constants';
import { controllersUnder, nestMetadata as metadata, patternsOf } from '@platform/test-support';
import { describe, expect, it } from 'vitest';

import { AppModule } from '../src/app.module';
import { loadIdentityEnv } from '../src/config/env';

// The service's structure (issue 28): AppModule only imports feature modules, and each controller
// handles the message patterns of one resource. Read from Nest's decorator metadata, no app started.

const root = AppModule.forRoot(loadIdentityEnv({ LOG_LEVEL: 'silent' }));

/**
 * The resource a pattern addresses: the segment after the service (and `admin`), up to an underscore,
 * so a dictionary's types and entries (dict_type, dict_data) are one resource, the dictionary.
 */
function resourceOf(pattern: string): string {
  const [, ...segments] = pattern.split('.');
  const [resource] = segments[0] === 'admin' ? segments.slice(1) : segments;
  return resource.split('_')[0];
}

const controllers = [...new Set(controllersUnder(root))];

describe(AppModule.name, () => {
  it('should import modules only, declaring no provider or controller itself', () => {
    expect(root.providers ?? []).toEqual([]);
    expect(root.controllers ?? []).toEqual([]);
    expect(metadata(AppModule, MODULE_METADATA.PROVIDERS)).toEqual([]);
    expect(metadata(AppModule, MODULE_METADATA.CONTROLLERS)).toEqual([]);
    expect(root.imports?.length).toBeGreaterThan(10);
  });

  it('should have no controller that serves more than one resource', () => {
    const mixed = controllers
      .map((controller) => ({
        controller: controller.name,
        resources: [...new Set(patternsOf(controller).map(resourceOf))],
      }))
      .filter(({ resources }) => resources.length > 1);
    expect(mixed).toEqual([]);
  });

  it('should handle each pattern in one place only', () => {
    const patterns = controllers.flatMap(patternsOf);
    expect(patterns.length).toBeGreaterThan(100);
    expect(patterns.filter((pattern, i) => patterns.indexOf(pattern) !== i)).toEqual([]);
  });
});
