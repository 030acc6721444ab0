import { useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import type { Product } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { shareTargets, shareUrl } from './share';

/**
 * ShareMenu's menu around its button, loaded on the button's first press and so opened at once: the press
 * that loaded it meant "open".
 */
export default function ShareDropdown({
  product,
  children,
}: {
  product: Pick<Product, 'id' | 'title'>;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(true);
  const items: MenuProps['items'] = [
    ...shareTargets(product).map(({ key, label, href }) => ({
      key,
      label: (
        <a href={href} target={key === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
          {label}
        </a>
      ),
    })),
    {
      key: 'copy',
      label: 'Copy link',
      onClick: async () => {
        const url = shareUrl(product.id);
        try {
          await navigator.clipboard.writeText(url);
          toast.success('Link copied');
        } catch {
          // no clipboard (an insecure page, a refused permission): show the link to copy by hand
          toast.info(url);
        }
      },
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} open={open} onOpenChange={setOpen}>
      {children}
    </Dropdown>
  );
}
