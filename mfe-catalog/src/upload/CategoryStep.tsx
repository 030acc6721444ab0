import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Input, Radio, Skeleton, Typography } from 'antd';
import type { Category } from '@swapstuff/contracts';
import { useAllCategories } from '../categories/api';
import styles from './UploadSheet.module.css';

export interface PickedCategory {
  id: number;
  name: string;
  parent_id: number | null;
}

/**
 * Step 1 of the upload sheet (spec section 2): pick a category, with search. Continue stays disabled
 * until one is chosen (spec section 4). Sub-categories are listed under their parent.
 */
export function CategoryStep({
  picked,
  onContinue,
  onCancel,
}: {
  picked: PickedCategory | null;
  onContinue: (category: PickedCategory) => void;
  onCancel: () => void;
}) {
  const loaded = useAllCategories();
  const categories = loaded.data ?? null;
  const error = loaded.isLoadingError ? loaded.error.message : null;
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState<number | null>(picked?.id ?? null);

  const groups = useMemo(() => {
    const all = categories ?? [];
    const term = search.trim().toLowerCase();
    const hit = (c: Category) => !term || c.name.toLowerCase().includes(term);
    return all
      .filter((top) => top.parent_id === null)
      .map((top) => {
        const children = all.filter((c) => c.parent_id === top.id);
        return { top, children: hit(top) ? children : children.filter(hit) };
      })
      .filter(({ top, children }) => hit(top) || children.length > 0);
  }, [categories, search]);

  const chosen = categories?.find((c) => c.id === choice) ?? null;

  return (
    <Flex vertical gap={16} className={styles.step}>
      <Typography.Title level={2} className={styles.stepTitle}>
        Choose a category
      </Typography.Title>
      <Input.Search
        placeholder="Search categories"
        aria-label="Search categories"
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {error && <Alert type="error" showIcon title={error} />}
      {!categories && !error && <Skeleton active paragraph={{ rows: 6 }} />}
      {categories && groups.length === 0 && <Typography.Text type="secondary">No category matches.</Typography.Text>}
      <Radio.Group
        value={choice}
        onChange={(event) => setChoice(event.target.value as number)}
        className={styles.categoryList}
        aria-label="Categories"
      >
        {groups.map(({ top, children }) => (
          <fieldset key={top.id} className={styles.categoryGroup}>
            <legend className={styles.categoryGroupTitle}>
              <Radio value={top.id}>{top.name}</Radio>
            </legend>
            <div className={styles.categoryChildren}>
              {children.map((child) => (
                <Radio key={child.id} value={child.id}>
                  {child.name}
                </Radio>
              ))}
            </div>
          </fieldset>
        ))}
      </Radio.Group>
      <Flex justify="space-between" gap={8} className={styles.actions}>
        <Button size="large" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="primary"
          size="large"
          disabled={!chosen}
          onClick={() => chosen && onContinue({ id: chosen.id, name: chosen.name, parent_id: chosen.parent_id })}
        >
          Continue
        </Button>
      </Flex>
    </Flex>
  );
}
