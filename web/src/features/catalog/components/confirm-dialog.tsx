/** The app's one confirmation dialog; catalog screens import it from here as they always did. */
export { ConfirmDialog } from '@/components/confirm-dialog';
