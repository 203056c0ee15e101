import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const PUBLIC_ROUTE = 'publicRoute';
export const REQUIRED_MENUS = 'requiredMenus';
export const ADMIN_ONLY = 'adminOnly';
export const BEFORE_PASSWORD_CHANGE = 'beforePasswordChange';

// Every route declares who may call it with exactly one of Public, SignedIn, AdminOnly or RequireMenu; the
// declaration is written into the OpenAPI document (x-access, x-access-menus, x-object), where the access walk
// (test/e2e/access-walk.e2e-spec.ts) reads it, calls the route as people it must refuse, and fails on a route without one.

/** The objects on which a service checks the person's authority; a sub-object (indicator, grant, point, warning) counts as its owner. */
export type AccessObject = 'library' | 'task' | 'file' | 'upload' | 'job' | 'person' | 'diagnosis-object';
export type AccessMode = 'read' | 'write';

/** No login needed (login itself, the system setting, health, CAS callbacks). */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_ROUTE, true), ApiExtension('x-access', 'anyone'));

/**
 * Any signed-in person (the guard's default, declared). With an object, the service also checks the person's
 * read or write authority on the object the request names, and refuses without it.
 */
export const SignedIn = (object?: AccessObject, mode: AccessMode = 'read') =>
  object ? applyDecorators(ApiExtension('x-access', 'signed-in'), OnObject(object, mode)) : ApiExtension('x-access', 'signed-in');

/** The person must see one of these menus (ly_herm_* keys); otherwise the spec's no-permission answer. */
export const RequireMenu = (...keys: string[]) =>
  applyDecorators(SetMetadata(REQUIRED_MENUS, keys), ApiExtension('x-access', 'menu'), ApiExtension('x-access-menus', keys));

/** Only administrators (role code admin). */
export const AdminOnly = () => applyDecorators(SetMetadata(ADMIN_ONLY, true), ApiExtension('x-access', 'admin'));

/** Besides the guard's rule, the service checks the person's authority on this object (for RequireMenu routes; SignedIn takes it directly). */
export const OnObject = (object: AccessObject, mode: AccessMode) => ApiExtension('x-object', { object, mode });

/** A signed-in call a person who must still change their initial password may make (the login user, the change itself). */
export const BeforePasswordChange = () => SetMetadata(BEFORE_PASSWORD_CHANGE, true);
