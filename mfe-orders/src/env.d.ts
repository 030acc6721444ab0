/** CSS modules: class name → generated class. Remotes may import no other CSS. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
