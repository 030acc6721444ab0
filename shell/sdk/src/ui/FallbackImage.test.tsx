/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ImageVariant } from '@swapstuff/contracts';
import { FallbackImage, PLACEHOLDER_IMAGE } from './FallbackImage';

const variants: ImageVariant[] = [
  { url: '/media/products/a.avif', type: 'image/avif', width: 320, height: 240 },
  { url: '/media/products/b.avif', type: 'image/avif', width: 640, height: 480 },
  { url: '/media/products/c.webp', type: 'image/webp', width: 320, height: 240 },
  { url: '/media/products/d.webp', type: 'image/webp', width: 640, height: 480 },
];

const sourcesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('source')].map((s) => [s.type, s.srcset, s.sizes]);

it('offers the copies as <picture> sources, better format first, and keeps the photo as the <img>', () => {
  const { container } = render(
    <FallbackImage src="/media/products/p.jpg" variants={variants} sizes="50vw" width={800} height={600} alt="Vase" />,
  );
  expect(sourcesOf(container)).toEqual([
    ['image/avif', '/media/products/a.avif 320w, /media/products/b.avif 640w', '50vw'],
    ['image/webp', '/media/products/c.webp 320w, /media/products/d.webp 640w', '50vw'],
  ]);
  const img = screen.getByRole('img', { name: 'Vase' });
  expect(img.parentElement?.tagName).toBe('PICTURE');
  expect(img.getAttribute('src')).toBe('/media/products/p.jpg');
  expect(img.getAttribute('width')).toBe('800');
  expect(img.getAttribute('height')).toBe('600');
});

it('is a plain <img> for a photo stored without copies', () => {
  const { container } = render(<FallbackImage src="/media/products/old.jpg" width={800} height={600} alt="Old" />);
  expect(container.querySelector('picture')).toBeNull();
  expect(screen.getByRole('img', { name: 'Old' }).getAttribute('src')).toBe('/media/products/old.jpg');
});

it('shows the placeholder alone, without the sources that would outrank it, once the photo fails', () => {
  const { container } = render(
    <FallbackImage src="/media/products/gone.jpg" variants={variants} width={800} height={600} alt="Gone" />,
  );
  fireEvent.error(screen.getByRole('img', { name: 'Gone' }));
  expect(container.querySelector('picture')).toBeNull();
  expect(screen.getByRole('img', { name: 'Gone' }).getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
});
