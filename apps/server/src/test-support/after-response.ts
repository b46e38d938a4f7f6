// Tests that read what a route does after answering (e-mails of forgot-password and resend) wait here.
export { afterResponseSettled } from '../lib/after-response.ts';
