/**
 * The API's paths under /api/v1, written once: the server registers its routes with them (in the
 * OpenAPI form, `{name}` for a parameter) and the app fills them in with `apiPath`, whose
 * parameters TypeScript checks against the path's own names. tests/api/paths.test.ts checks that
 * every path here is a route of the server's OpenAPI document and every documented route is here.
 */
export const PATHS = {
  accessToken: '/login/access-token',
  logout: '/login/logout',
  testToken: '/login/test-token',
  passwordRecovery: '/password-recovery/{email}',
  passwordRecoveryHtml: '/password-recovery-html-content/{email}',
  resetPassword: '/reset-password/',

  users: '/users/',
  signup: '/users/signup',
  me: '/users/me',
  myPassword: '/users/me/password',
  verifyEmail: '/users/verify_email/{token}',
  user: '/users/{user_id}',

  tasks: '/tasks/',
  lastTask: '/tasks/last',
  lastTaskImage: '/tasks/last/image/{view_position}',
  lastTaskImages: '/tasks/last/images',
  taskByStudy: '/tasks/study/{study_instance_uid}',
  task: '/tasks/{task_id}',
  taskEvents: '/tasks/{task_id}/events',
  taskImage: '/tasks/{task_id}/image/{view_position}',
  taskVersions: '/tasks/{task_id}/versions',

  demoUsers: '/demo/users',
  demoUser: '/demo/users/{demo_user_id}',
  newDemoUser: '/demo/user',
  demoTasks: '/demo/tasks',
  demoTask: '/demo/tasks/{demo_user_id}',
  demoTaskImage: '/demo/tasks/{demo_user_id}/image/{view_position}',
  demoImages: '/demo/images',

  viewerToken: '/dicomweb/viewer-token',

  config: '/utils/config',
  engine: '/utils/engine/',
  health: '/utils/health',
  healthCheck: '/utils/health-check/',
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];

/** The parameter names of a path: `'/tasks/{task_id}/image/{view_position}'` gives `'task_id' | 'view_position'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;

/** The parameters a path needs: none for a path without any. */
export type PathParams<P extends string> = [PathParamName<P>] extends [never] ? Record<string, never> : Record<PathParamName<P>, string>;

/** A path with its parameters filled in, each percent-encoded (an e-mail address, a token). */
export function apiPath<P extends ApiPath>(path: P, ...params: [PathParamName<P>] extends [never] ? [] : [PathParams<P>]): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath(${path}): no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The same path in Hono's form (`:name`), for the few routes registered outside the OpenAPI document. */
export function honoPath(path: ApiPath): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
