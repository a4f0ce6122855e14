// Mantine's PostCSS preset: mixins and rem/em functions in component styles.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
