import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { messages } from '@swapstuff/contracts';

/** A test per page not built yet: it says what is coming, never "No Records Found" (which reads like lost data). */
export function itSaysComingSoon(pages: [name: string, Page: ComponentType][]): void {
  it.each(pages)('%s, not built yet, says what is coming, not that nothing was found', (_name, Page) => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeTruthy();
    expect(screen.queryByText(messages.noRecordsFound)).toBeNull();
    expect(screen.queryByText(messages.noRecordFound)).toBeNull();
  });
}
