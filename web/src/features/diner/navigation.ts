/** Where the browser goes when it leaves the app (WhatsApp, the marketplace); a seam for the tests (jsdom cannot navigate). */
export const navigation = { open: (url: string) => window.location.assign(url) };
