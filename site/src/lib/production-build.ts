/**
 * `astro build` makes the site visitors get, whatever NODE_ENV the process that starts it
 * has (the tests run the product, and so its site builds, with NODE_ENV=test): without this,
 * React and its JSX would be bundled in their development builds, twice as heavy. Imported
 * first by astro.config.mjs, before any integration loads React.
 */
if (process.argv.slice(2).includes('build')) process.env.NODE_ENV = 'production';
