import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/**
 * The tests' fake server. Its own module, not the setup file: Vitest evaluates the setup file again
 * for every test file, while a worker that runs several files (isolate: false) keeps this module,
 * and with it the one server that the setup file and the testing helpers all talk to.
 */
export const server = setupServer(...handlers);
