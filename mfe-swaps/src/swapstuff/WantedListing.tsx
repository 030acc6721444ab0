import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { listingPriceInFull, routes, sellerName, type Product } from '@swapstuff/contracts';
import { FallbackImage } from '@swapstuff/sdk/ui';

/** The listing wanted: its photo, title (linking to its page), price and owner, and what they would swap it for. */
export function WantedListing({ product }: { product: Product }) {
  const photo = product.featured_image?.file_name ?? product.images[0]?.file_name;
  return (
    <Flex gap={12} align="start">
      <FallbackImage
        src={photo}
        alt=""
        width={112}
        height={112}
        loading="eager"
        style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
      />
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Link to={routes.itemDetail(product.id)} style={{ fontWeight: 600, fontSize: 16, overflowWrap: 'anywhere' }}>
          {product.title}
        </Link>
        <Typography.Text strong>{listingPriceInFull(product)}</Typography.Text>
        <Typography.Text type="secondary">Owner: {sellerName(product.user)}</Typography.Text>
        {product.swap_product && (
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            Would swap for: {product.swap_product}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
