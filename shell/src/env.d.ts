/** CSS modules: class name → generated class. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
/** Plain CSS (the shell only): imported for its side effect. */
declare module '*.css';
