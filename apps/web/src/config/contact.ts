/** Where users write to support; shown on the legal pages. */
export const supportEmail = 'support@kreyolcash.ht';
