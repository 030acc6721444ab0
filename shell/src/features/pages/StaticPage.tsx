import { useEffect } from 'react';
import type React from 'react';
import { useParams } from 'react-router-dom';
import { Typography } from 'antd';
import { staticPageSlugs, type StaticPageSlug } from '@swapstuff/sdk';
import { pages, type Block } from './content';
import { NotFoundPage } from './NotFoundPage';

function isSlug(value: string | undefined): value is StaticPageSlug {
  return staticPageSlugs.some((slug) => slug === value);
}

function renderBlock(block: Block, key: number) {
  if (typeof block === 'string') return <Typography.Paragraph key={key}>{block}</Typography.Paragraph>;
  if ('list' in block) {
    return (
      <Typography.Paragraph key={key}>
        <ul>
          {block.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Typography.Paragraph>
    );
  }
  return (
    <div key={key}>
      <Typography.Title level={4}>{block.question}</Typography.Title>
      <Typography.Paragraph>{block.answer}</Typography.Paragraph>
    </div>
  );
}

/** /page/:slug: about, term-and-condition, privacy-policy and help; anything else is a 404. */
export const StaticPage: React.FC = () => {
  const { slug } = useParams<{ slug: string }>();
  const page = isSlug(slug) ? pages[slug] : null;

  useEffect(() => {
    if (page) document.title = `${page.title} | Swapstuff`;
  }, [page]);

  if (!page) return <NotFoundPage />;
  return (
    <article style={{ maxWidth: 860, margin: '0 auto', padding: '32px 16px 48px' }}>
      <Typography>
        <Typography.Title level={1}>{page.title}</Typography.Title>
        {page.updated && <Typography.Text type="secondary">Last updated: {page.updated}</Typography.Text>}
        {page.intro.map(renderBlock)}
        {page.sections.map((section) => (
          <section key={section.heading}>
            <Typography.Title level={2} style={{ fontSize: 22 }}>
              {section.heading}
            </Typography.Title>
            {section.blocks.map(renderBlock)}
          </section>
        ))}
      </Typography>
    </article>
  );
};
