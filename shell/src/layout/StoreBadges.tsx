/** App-store badges drawn inline (no external images): black pill, store mark, two lines of text. */

export function AppStoreBadge() {
  return (
    <svg width="150" height="46" viewBox="0 0 150 46" role="img" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="45" rx="9" fill="#000" stroke="#8a9a97" />
      <path
        fill="#fff"
        d="M30.2 23.6c0-3 2.5-4.5 2.6-4.6-1.4-2.1-3.6-2.4-4.4-2.4-1.9-.2-3.6 1.1-4.6 1.1-.9 0-2.4-1.1-4-1-2 0-3.9 1.2-5 3-2.1 3.7-.5 9.2 1.5 12.2 1 1.5 2.2 3.1 3.8 3 1.5-.1 2.1-1 3.9-1s2.3 1 3.9 1c1.6 0 2.7-1.5 3.7-3 1.2-1.7 1.6-3.3 1.7-3.4-.1 0-3.1-1.2-3.1-4.9zM27.2 14.6c.8-1 1.4-2.4 1.2-3.8-1.2.1-2.6.8-3.5 1.8-.8.9-1.5 2.3-1.3 3.7 1.3.1 2.7-.7 3.6-1.7z"
      />
      <text x="44" y="19" fill="#fff" fontSize="9" fontFamily="Helvetica, Arial, sans-serif">
        Download on the
      </text>
      <text x="44" y="35" fill="#fff" fontSize="16" fontWeight="600" fontFamily="Helvetica, Arial, sans-serif">
        App Store
      </text>
    </svg>
  );
}

export function GooglePlayBadge() {
  return (
    <svg width="150" height="46" viewBox="0 0 150 46" role="img" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="45" rx="9" fill="#000" stroke="#8a9a97" />
      <path fill="#00d7fe" d="M13 11.5l15.5 11.5L13 34.5c-.6-.3-1-1-1-1.8V13.3c0-.8.4-1.5 1-1.8z" />
      <path fill="#ffce00" d="M28.5 23l4.6-3.4 4.6 2.6c1.3.8 1.3 1.8 0 2.6l-4.6 2.6z" />
      <path fill="#ff3a44" d="M13 34.5L28.5 23l4.6 4.4-17.4 9.7c-1 .5-1.9.3-2.7-.6z" />
      <path fill="#00f076" d="M13 11.5c.8-.9 1.7-1.1 2.7-.6l17.4 9.7-4.6 2.4z" />
      <text x="44" y="19" fill="#fff" fontSize="9" fontFamily="Helvetica, Arial, sans-serif">
        GET IT ON
      </text>
      <text x="44" y="35" fill="#fff" fontSize="16" fontWeight="600" fontFamily="Helvetica, Arial, sans-serif">
        Google Play
      </text>
    </svg>
  );
}
