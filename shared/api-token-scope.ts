import { permissionAction, type Permission } from './permissions.js';

/**
 * What a company's API token may do: the areas of the company's data it reaches and whether it
 * may change them or only read them. A token never manages the company itself (its team, its
 * plan, its tokens): that stays with people who sign in.
 */
export const API_TOKEN_AREAS = ['catalogue', 'delivery', 'promotion', 'money'] as const;
export type ApiTokenArea = (typeof API_TOKEN_AREAS)[number];

export const API_TOKEN_ACCESS = ['read', 'write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

export type ApiTokenScope = { access: ApiTokenAccess; areas: readonly ApiTokenArea[] };

/** The words the token page and the refusals use for each area and access level. */
export const API_TOKEN_AREA_WORDS: Record<ApiTokenArea, string> = {
  catalogue: 'Catalogue',
  delivery: 'Deliveries',
  promotion: 'Promos and marketing',
  money: 'Royalties, statements and payments',
};
export const API_TOKEN_ACCESS_WORDS: Record<ApiTokenAccess, string> = {
  read: 'Read only',
  write: 'Read and change',
};

/**
 * Every token starts with this, so the gateway can tell it from a sign-in's JWT (which starts
 * with `eyJ`) without a lookup and pass it to the handler, which checks it.
 */
export const API_TOKEN_PREFIX = 'lpt_';

export const looksLikeApiToken = (token: string | undefined): token is string =>
  typeof token === 'string' && token.startsWith(API_TOKEN_PREFIX) && token.length <= 100;

/** Whether a token of this scope may call a route that needs the permission. */
export function scopePermits(scope: ApiTokenScope, permission: Permission): boolean {
  const [area, kind] = permission.split('.') as [string, string];
  if (!(scope.areas as readonly string[]).includes(area)) return false;
  return kind === 'read' || scope.access === 'write';
}

/** The scope in words: "Read only: Catalogue, Royalties, statements and payments". */
export function scopeWords(scope: ApiTokenScope): string {
  const areas = API_TOKEN_AREAS.filter((area) => scope.areas.includes(area)).map((a) => API_TOKEN_AREA_WORDS[a]);
  return `${API_TOKEN_ACCESS_WORDS[scope.access]}: ${areas.join(', ')}`;
}

/** The refusal a token gets for a call its scope does not cover: it names the scope. */
export function scopeRefusal(scope: ApiTokenScope, permission: Permission): string {
  return `This API token’s scope (${scopeWords(scope)}) does not allow you to ${permissionAction(permission)}`;
}
