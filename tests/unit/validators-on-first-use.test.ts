// The catalogue's validators are compiled when their route is first called, once (issue 28 §6): compiling all
// 213 routes' request and answer validators took 1.7 s of every start and of every test process.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueValidators } from '../../server/http/validators.ts';

describe("the catalogue's validators", () => {
  afterEach(() => vi.restoreAllMocks());

  it('compile nothing of a route until it is called, then its validator once', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const validators = catalogueValidators();
    // The common query parameters, which every call checks.
    expect(compile).toHaveBeenCalledTimes(1);
    const login = validators.routes.get('login')!;
    expect(login.request({ username: 'a' })).toBe(false);
    expect(login.request.errors?.length).toBeGreaterThan(0);
    expect(login.request).toBe(login.request);
    expect(compile).toHaveBeenCalledTimes(2);
    expect(login.response).toBe(login.response);
    expect(compile).toHaveBeenCalledTimes(3);
  });
});
