import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';

import { GATEWAY_CONTROLLERS } from '../../src/app.module';
import { type Access, ACCESS_KEY } from '../../src/common/decorators';

export interface DeclaredRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** With `:params` replaced by 1, under /prod-api. */
  path: string;
  /** As the OpenAPI document writes it: `{params}`, without /prod-api. */
  openApiPath: string;
  access: Access | undefined;
  handler: string;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route of every gateway controller with its declared access, read from Nest's metadata. */
export function declaredRoutes(
  controllers: readonly (new (...args: never[]) => object)[] = GATEWAY_CONTROLLERS,
) {
  const routes: DeclaredRoute[] = [];
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      const method =
        RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase();
      const full = joinPath('prod-api', base, String(path));
      routes.push({
        method: method as DeclaredRoute['method'],
        path: full.replace(/:\w+/g, '1'),
        openApiPath: full.replace('/prod-api', '').replace(/:(\w+)/g, '{$1}'),
        access:
          Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller),
        handler: `${controller.name}.${name}`,
      });
    }
  }
  return routes;
}
