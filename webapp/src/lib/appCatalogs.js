/** The loaders of the signed-in app's catalogs (every namespace but the signed-out ones; 'public' is among those, its pages are signed out): loaded with the app. */
export default import.meta.glob(['../locales/*/*.json', '!../locales/*/{common,auth,format,public}.json'], { import: 'default' });
