import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { OrderSwapStatus, orderSwapStatusLabel } from '@swapstuff/contracts';

export interface OrderFilter {
  /** words of the item's title (trimmed; empty for all) */
  search: string;
  /** one status, or null for all */
  status: OrderSwapStatus | null;
}

export interface OrderFilterBarProps {
  /** the filter the list shows now: what the bar starts from */
  initial?: OrderFilter;
  /** Search (or Enter in the search box), and Clear Filter with an empty filter */
  onSearch(filter: OrderFilter): void;
  /** a search is on its way */
  searching?: boolean;
}

const EMPTY: OrderFilter = { search: '', status: null };
const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...Object.values(OrderSwapStatus).map((status) => ({ value: status, label: orderSwapStatusLabel[status] })),
];

/**
 * The orders' filter bar (spec section 2): a search box, the order statuses (section 4), Clear Filter
 * and Search. It wraps onto two lines on a phone.
 */
export function OrderFilterBar({ initial = EMPTY, onSearch, searching }: OrderFilterBarProps) {
  const [search, setSearch] = useState(initial.search);
  const [status, setStatus] = useState<OrderSwapStatus | null>(initial.status);

  const submit = () => onSearch({ search: search.trim(), status });
  const clear = () => {
    setSearch('');
    setStatus(null);
    onSearch(EMPTY);
  };

  return (
    <form
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex gap={8} wrap>
        <Input
          aria-label="Search orders"
          placeholder="Search by item"
          prefix={<SearchOutlined aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          allowClear
          maxLength={100}
          style={{ flex: '1 1 200px', minWidth: 0 }}
        />
        <Select
          aria-label="Status"
          value={status ?? ALL}
          options={STATUS_OPTIONS}
          onChange={(value: string) => setStatus(value === ALL ? null : (value as OrderSwapStatus))}
          style={{ flex: '1 1 140px', minWidth: 0 }}
        />
        <Flex gap={8} style={{ flex: '1 1 auto' }}>
          <Button onClick={clear} style={{ flex: 1 }}>
            Clear Filter
          </Button>
          <Button type="primary" htmlType="submit" loading={searching} style={{ flex: 1 }}>
            Search
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
