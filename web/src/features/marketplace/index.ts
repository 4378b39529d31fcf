export { useLinkState } from './api/get-link-state';
