/** The loaders of the signed-in app's catalogs (every namespace but the signed-out ones): loaded with the app. */
export default import.meta.glob(['../locales/*/*.json', '!../locales/*/{common,auth,public,format}.json'], { import: 'default' });
