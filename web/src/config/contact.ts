/** Public contact channels shown on the landing page and the FAQ (spec part 2 §9). */
export const WHATSAPP_NUMBER = '5491123456789';
/** 'Answer 8 of the FAQ includes a formatted WhatsApp number'. */
export const WHATSAPP_DISPLAY = '+54 9 11 2345-6789';
export const SOCIAL = {
  whatsapp: `https://wa.me/${WHATSAPP_NUMBER}`,
  instagram: 'https://www.instagram.com/qresto.app',
  facebook: 'https://www.facebook.com/qresto.app',
} as const;
/** App-store links are placeholders (spec part 1 §2). */
export const APP_STORES = { google: '#', apple: '#' } as const;
