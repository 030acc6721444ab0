/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { metersToPixels, PlaceMap, worldPixel } from './PlaceMap';

describe('the map’s geometry (Web Mercator, 256 px tiles)', () => {
  it('puts a place where the tile servers do', () => {
    // zoom 13 tile of the Empire State Building: x 2412, y 3078 (the OpenStreetMap wiki's formula, by hand)
    const { x, y } = worldPixel(40.7484405, -73.9856644, 13);
    expect([Math.floor(x / 256), Math.floor(y / 256)]).toEqual([2412, 3078]);
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
  });

  it('draws 800 m as wide as the ground is at that latitude', () => {
    // at the equator a zoom-13 pixel is 19.109 m; at 60° the ground is half as wide per pixel
    expect(metersToPixels(800, 0, 13)).toBeCloseTo(41.86, 1);
    expect(metersToPixels(800, 60, 13)).toBeCloseTo(83.73, 1);
  });
});

describe('PlaceMap', () => {
  it('draws the marker in the middle and the circle around it, with no tiles by default (offline)', () => {
    const { container } = render(
      <PlaceMap lat={0} lng={0} label="Null Island" tiles={{ url: null, attribution: '' }} />,
    );
    expect(screen.getByRole('img', { name: 'Map of Null Island, with the 800 m around it' })).toBeTruthy();
    const circle = screen.getByTestId('radius');
    expect([circle.getAttribute('cx'), circle.getAttribute('cy')]).toEqual(['240', '100']);
    expect(Number(circle.getAttribute('r'))).toBeCloseTo(41.86, 1);
    expect(container.querySelectorAll('image')).toHaveLength(0);
  });

  it('lays the provider’s tiles under it when one is set, with its credit', () => {
    const { container } = render(
      <PlaceMap
        lat={40.7484405}
        lng={-73.9856644}
        label="New York"
        tiles={{ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' }}
      />,
    );
    const sources = [...container.querySelectorAll('image')].map((i) => i.getAttribute('href'));
    expect(sources).toContain('https://tiles.example/13/2412/3078.png');
    expect(sources.every((src) => src!.startsWith('https://tiles.example/13/'))).toBe(true);
    expect(screen.getByText('© Example')).toBeTruthy();
  });
});
