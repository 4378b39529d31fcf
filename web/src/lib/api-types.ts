import type { ApiPaths } from './api-client';

type Op<P extends keyof ApiPaths, M extends 'get' | 'post' | 'put' | 'delete'> = NonNullable<ApiPaths[P][M]>;

/** JSON request body of an operation, from the generated types. */
export type RequestBody<P extends keyof ApiPaths, M extends 'get' | 'post' | 'put' | 'delete'> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** JSON body of the operation's 200/201 answer, from the generated types. */
export type ResponseBody<P extends keyof ApiPaths, M extends 'get' | 'post' | 'put' | 'delete'> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': infer R } } } }
    ? R
    : Op<P, M> extends { responses: { 201: { content: { 'application/json': infer R } } } }
      ? R
      : never;
