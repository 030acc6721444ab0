import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { sellerName, type ProductSeller } from '@swapstuff/contracts';

export interface SellerNameProps {
  seller: Pick<ProductSeller, 'first_name' | 'last_name' | 'is_business' | 'businessName'>;
  className?: string;
}

/**
 * The seller as listings show them: "Ada L.", or a business by its name with the business icon (spec
 * section 6: the account type changes icons). The icon has a name, so a screen reader hears it too.
 */
export function SellerName({ seller, className }: SellerNameProps) {
  return (
    <span className={className}>
      {seller.is_business ? <ShopOutlined role="img" aria-label="Business account" title="Business account" /> : null}
      {seller.is_business ? ' ' : ''}
      {sellerName(seller)}
    </span>
  );
}
