import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Skeleton, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages, routes } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { FallbackImage, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { useLikedCategories, useSaveLikedCategories, useTopCategories } from './api';
import styles from './MyCategoriesPage.module.css';

/**
 * /my-categories: the categories the user cares about (spec section 7, Liked), whose fresh listings home
 * shows first. Right after sign-up it is a welcome step (`?welcome=1`): Save or Skip, then home.
 */
export function MyCategoriesPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const welcome = params.has('welcome');
  const top = useTopCategories();
  const liked = useLikedCategories();
  const save = useSaveLikedCategories();
  const [picked, setPicked] = useState<number[] | null>(null);

  // the user's picks, once read afresh (not what the cache held from an earlier visit), are where the
  // choice starts
  useEffect(() => {
    if (liked.data && !liked.isFetching && picked === null) setPicked(liked.data.map((c) => c.id));
  }, [liked.data, liked.isFetching, picked]);

  const submit = async () => {
    try {
      await save.mutateAsync({ categoryIds: picked ?? [] });
      toast.success(messages.likedCategoriesSaved);
      if (welcome) navigate(routes.home);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.genericError);
    }
  };

  const failed = top.isLoadingError ? top : liked.isLoadingError ? liked : null;
  let content;
  if (failed) {
    content = (
      <LoadError
        title={messages.categoriesLoadFailed}
        message={failed.error.message}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else if (!top.data || picked === null) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading categories">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else {
    content = (
      <>
        <Checkbox.Group
          className={styles.grid}
          value={picked}
          onChange={(ids) => setPicked(ids as number[])}
          aria-label="Categories you care about"
        >
          {top.data.map((category) => (
            <Checkbox key={category.id} value={category.id} className={styles.choice}>
              <span className={styles.label}>
                <FallbackImage src={category.image} width={40} height={40} alt="" />
                {category.name}
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
        <Flex justify="end" gap={8} wrap className={styles.actions}>
          {welcome && <Button onClick={() => navigate(routes.home)}>Skip</Button>}
          <Button type="primary" onClick={() => void submit()} loading={save.isPending}>
            Save
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <PageFrame title={welcome ? 'Welcome! What are you into?' : 'My Categories'}>
      <Typography.Paragraph type="secondary">
        Pick the categories you care about: their newest listings come first on your home page.
      </Typography.Paragraph>
      {content}
    </PageFrame>
  );
}
