import { Button, Dropdown, type MenuProps } from 'antd';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import { routes, type Product } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';

/** The public address of a listing: its share link (spec section 2, /item-detail/{id}). */
export function shareUrl(productId: number): string {
  return new URL(routes.itemDetail(productId), window.location.origin).href;
}

/** Where the menu sends a listing: e-mail and two social networks (spec section 2), and a copy of the link. */
export function shareTargets(product: Pick<Product, 'id' | 'title'>): { key: string; label: string; href: string }[] {
  const url = encodeURIComponent(shareUrl(product.id));
  const text = encodeURIComponent(`${product.title} on Swapstuff`);
  return [
    { key: 'email', label: 'Email', href: `mailto:?subject=${text}&body=${url}` },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { key: 'x', label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
  ];
}

export function ShareMenu({ product, size }: { product: Pick<Product, 'id' | 'title'>; size?: 'small' | 'middle' }) {
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
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size={size} icon={<ShareAltOutlined aria-hidden />} aria-label={`Share ${product.title}`}>
        {size === 'small' ? null : 'Share'}
      </Button>
    </Dropdown>
  );
}
