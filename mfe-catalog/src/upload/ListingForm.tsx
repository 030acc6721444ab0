import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Flex, Form, Input, Progress, Radio, Select, Switch, Typography, Upload } from 'antd';
import type { FormInstance, UploadFile } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import VideoCameraAddOutlined from '@ant-design/icons/VideoCameraAddOutlined';
import {
  LISTING_LIMITS,
  listingRules,
  messages,
  ProductConditions,
  type Address,
  type Product,
} from '@swapstuff/contracts';
import { ApiError, bus, formRules, toast } from '@swapstuff/sdk';
import { useAllCategories } from '../categories/api';
import { useAddresses, useSaveListing, type ListingInput } from './api';
import type { PickedCategory } from './CategoryStep';
import styles from './UploadSheet.module.css';
import { VideoUploader } from './VideoUploader';

const rules = formRules(listingRules);

export interface ListingValues {
  title: string;
  price: string;
  description: string;
  condition: string;
  addressId?: number;
  city: string;
  state: string;
  zip: string;
  is_buyable: boolean;
  /** swap-only listings: what the owner would swap it for, in words and by category, and cash offers */
  swapProduct?: string;
  swapCategories?: number[];
  openForOffer?: boolean;
  length?: string;
  width?: string;
  height?: string;
  pounds?: string;
  ounces?: string;
  images: UploadFile[];
  videos: UploadFile[];
}

const DIMENSIONS = [
  ['length', 'Length (in)'],
  ['width', 'Width (in)'],
  ['height', 'Height (in)'],
  ['pounds', 'Pounds'],
  ['ounces', 'Ounces'],
] as const;

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const PHOTO_NAME = /\.(jpe?g|png|gif)$/i;

/** Numeric inputs keep digits and one decimal point (spec section 5: numeric inputs strip the rest). */
export function decimalOnly(value: string | undefined): string {
  const cleaned = (value ?? '').replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

const fileList = (event: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(event) ? event : event.fileList);

/** An existing photo or video of the listing being edited: its uid carries its id. */
const EXISTING = 'existing-';
const existingId = (file: UploadFile) =>
  file.uid.startsWith(EXISTING) ? Number(file.uid.slice(EXISTING.length)) : null;

export function initialValues(product: Product | undefined): Partial<ListingValues> {
  if (!product) return { is_buyable: false, openForOffer: true, condition: undefined, images: [], videos: [] };
  const d = product.productdimention;
  return {
    title: product.title,
    price: product.sales_price,
    description: product.description,
    condition: product.condition,
    addressId: product.address_id ?? undefined,
    city: product.city,
    state: product.state,
    zip: product.zip,
    is_buyable: product.is_buyable === 1,
    swapProduct: product.swap_product ?? '',
    swapCategories: product.swap_category_ids,
    openForOffer: product.open_for_offer === 1,
    ...(d && {
      length: String(d.length),
      width: String(d.width),
      height: String(d.height),
      pounds: String(d.pounds),
      ounces: String(d.ounces),
    }),
    images: product.images.map((image, i) => ({
      uid: `${EXISTING}${image.id}`,
      name: `Photo ${i + 1}`,
      status: 'done',
      url: image.file_name,
    })),
    videos: product.videos.map((video, i) => ({
      uid: `${EXISTING}${video.id}`,
      name: `Video ${i + 1}`,
      status: 'done',
      url: video.file_name,
    })),
  };
}

/** The ids of the photos or videos kept, in their order. */
const kept = (files: UploadFile[]) => files.map(existingId).filter((id): id is number => id !== null);
/** The files picked to add. */
const added = (files: UploadFile[]) =>
  files.flatMap((file) => (existingId(file) === null && file.originFileObj ? [file.originFileObj] : []));

/** The multipart body of spec section 7: kept photos and videos named by id, new files after them. */
export function toListingInput(values: ListingValues, category: PickedCategory, productId?: number): ListingInput {
  const dimensions = values.is_buyable
    ? { ...Object.fromEntries(DIMENSIONS.map(([name]) => [name, values[name] ?? ''])), sizeUnit: 'inches' }
    : {};
  // a buyable listing is bought at its price; only a swap-only one says what it would be swapped for
  const swap = values.is_buyable
    ? { openForOffer: '1' }
    : {
        swapProduct: values.swapProduct?.trim() ?? '',
        swapCategories: (values.swapCategories ?? []).map(String),
        openForOffer: values.openForOffer === false ? '0' : '1',
      };
  return {
    productId: productId ? String(productId) : undefined,
    category: String(category.parent_id ?? category.id),
    subCategory: category.parent_id !== null ? String(category.id) : undefined,
    title: values.title ?? '',
    price: values.price ?? '',
    description: values.description ?? '',
    condition: values.condition ?? '',
    city: values.city ?? '',
    state: values.state ?? '',
    zip: values.zip ?? '',
    addressId: values.addressId ? String(values.addressId) : '',
    is_buyable: values.is_buyable ? '1' : '0',
    ...swap,
    ...dimensions,
    existingImages: kept(values.images),
    images: added(values.images),
    existingVideos: kept(values.videos),
    videos: added(values.videos),
  };
}

export interface ListingFormProps {
  /** the sheet's form: it keeps the draft while this step is away */
  form: FormInstance<ListingValues>;
  category: PickedCategory;
  product?: Product;
  onChangeCategory: () => void;
  onBack: () => void;
  /** the user changed a value */
  onChange: () => void;
  onDone: (outcome: { ok: boolean; message: string; product?: Product }) => void;
}

/**
 * Step 2 of the upload sheet (spec sections 2, 4 and 5): every rule comes from contracts' listingRules,
 * so the form refuses what the api refuses, with the same words. Photos and videos are checked as they
 * are picked (type and count, with the spec's toasts); the api checks them again by their content.
 */
export function ListingForm({ form, category, product, onChangeCategory, onBack, onChange, onDone }: ListingFormProps) {
  const buyable = Form.useWatch('is_buyable', form) ?? false;
  const addressBook = useAddresses();
  const topCategories = useAllCategories();
  const addresses = addressBook.data;
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveListing(setProgress);
  const initial = useMemo(() => initialValues(product), [product]);

  // a new listing starts at the user's default address
  useEffect(() => {
    if (product || !addresses?.length || form.getFieldValue('addressId')) return;
    const preferred = addresses.find((a) => a.featured === 1) ?? addresses[0];
    form.setFieldsValue({ addressId: preferred.id, city: preferred.city, state: preferred.state, zip: preferred.zip });
  }, [addresses, form, product]);

  const fillFrom = (address: Address) =>
    form.setFieldsValue({ addressId: address.id, city: address.city, state: address.state, zip: address.zip });
  const pickAddress = (id: number) => {
    const address = addresses?.find((a) => a.id === id);
    if (address) fillFrom(address);
  };
  // mfe_account's Add Address modal, opened through the bus; the new address is picked at once
  const addressAdded = async (address: Address) => {
    // the picker lists it once the book is read again (the save asked for that; this waits for it)
    await addressBook.refetch({ cancelRefetch: false });
    fillFrom(address);
    void form.validateFields(['addressId', 'city', 'state', 'zip']);
  };

  // spec section 4: turning the toggle off clears the dimensions and their errors
  const toggleBuyable = (on: boolean) => {
    if (!on) form.setFields(DIMENSIONS.map(([name]) => ({ name, value: undefined, errors: [] })));
  };

  const checkPhoto = (file: File, batch: File[]) => {
    if (!PHOTO_TYPES.includes(file.type) || !PHOTO_NAME.test(file.name)) {
      toast.error(messages.imageType);
      return Upload.LIST_IGNORE;
    }
    const have = (form.getFieldValue('images') as UploadFile[] | undefined)?.length ?? 0;
    if (have + batch.indexOf(file) + 1 > LISTING_LIMITS.images) {
      toast.error(messages.imagesMax);
      return Upload.LIST_IGNORE;
    }
    return false; // kept in the form, sent with it
  };

  // the spec's Video uploader, its own step: what it confirms joins the listing's videos
  const [addingVideos, setAddingVideos] = useState(false);
  const videos = (Form.useWatch('videos', form) as UploadFile[] | undefined) ?? [];
  const addVideos = (picked: UploadFile[]) => {
    form.setFieldValue('videos', [...videos, ...picked]);
    onChange();
    setAddingVideos(false);
  };

  const submit = async (values: ListingValues) => {
    setProgress(0);
    try {
      const answer = await save.mutateAsync(toListingInput(values, category, product?.id));
      onDone({
        ok: true,
        message: answer.Description || messages.uploadSuccessFallback,
        product: answer.Content.product,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const fields = Object.entries(apiError?.fieldErrors ?? {}).filter(
        ([name]) => name in listingRules || name === 'images',
      );
      if (fields.length)
        form.setFields(fields.map(([name, message]) => ({ name: name as keyof ListingValues, errors: [message] })));
      onDone({ ok: false, message: apiError?.envelope?.Description || messages.uploadErrorFallback });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Form<ListingValues>
      form={form}
      layout="vertical"
      name="listing"
      initialValues={initial}
      onValuesChange={onChange}
      onFinish={submit}
      className={styles.step}
      scrollToFirstError
    >
      <Typography.Title level={2} className={styles.stepTitle}>
        {product ? 'Edit your listing' : 'Tell buyers about your item'}
      </Typography.Title>

      <Card size="small" className={styles.categoryCard}>
        <Flex justify="space-between" align="center" gap={8}>
          <div>
            <Typography.Text type="secondary">Category</Typography.Text>
            <div className={styles.categoryName}>{category.name}</div>
          </div>
          <Button onClick={onChangeCategory}>Change</Button>
        </Flex>
      </Card>

      <Form.Item
        label="Photos"
        name="images"
        valuePropName="fileList"
        getValueFromEvent={fileList}
        extra="JPEG, PNG or GIF, up to 5. The first photo is the featured one."
        rules={[
          {
            validator: async (_rule, files: UploadFile[] | undefined) => {
              if (!files?.length) throw new Error(messages.imagesRequired);
            },
          },
        ]}
      >
        <Upload
          listType="picture-card"
          accept=".jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif"
          multiple
          beforeUpload={checkPhoto}
        >
          <button type="button" className={styles.uploadButton}>
            <PlusOutlined aria-hidden />
            <span>Add photos</span>
          </button>
        </Upload>
      </Form.Item>

      <Form.Item
        label="Videos"
        name="videos"
        valuePropName="fileList"
        getValueFromEvent={fileList}
        extra="Optional: MP4, WebM, OGG or 3GP, up to 2."
      >
        <Upload openFileDialogOnClick={false} beforeUpload={() => false}>
          <Button
            icon={<VideoCameraAddOutlined aria-hidden />}
            onClick={() => setAddingVideos(true)}
            disabled={videos.length >= LISTING_LIMITS.videos}
          >
            Add videos
          </Button>
        </Upload>
      </Form.Item>
      <VideoUploader
        open={addingVideos}
        have={videos.length}
        onConfirm={addVideos}
        onCancel={() => setAddingVideos(false)}
      />

      <Form.Item label="Title" name="title" rules={rules.title}>
        <Input maxLength={LISTING_LIMITS.titleMax} showCount />
      </Form.Item>
      <Form.Item label="Amount" name="price" rules={rules.price} normalize={decimalOnly}>
        <Input prefix="$" inputMode="decimal" />
      </Form.Item>

      <Form.Item label="Allow Buyer To purchase" name="is_buyable" valuePropName="checked">
        <Switch onChange={toggleBuyable} />
      </Form.Item>
      {buyable && (
        <div className={styles.dimensions}>
          {DIMENSIONS.map(([name, label]) => (
            <Form.Item
              key={name}
              label={label}
              name={name}
              rules={rules[name]}
              normalize={decimalOnly}
              dependencies={name === 'ounces' ? ['pounds'] : undefined}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
        </div>
      )}

      {!buyable && (
        <fieldset className={styles.swapWishes}>
          <legend>What would you swap it for?</legend>
          <Form.Item
            label="In your words (optional)"
            name="swapProduct"
            rules={[{ max: LISTING_LIMITS.swapProductMax, message: messages.swapProductLength }]}
          >
            <Input placeholder="A road bike, a film camera…" maxLength={LISTING_LIMITS.swapProductMax} />
          </Form.Item>
          <Form.Item label="Categories (optional)" name="swapCategories">
            <Select
              mode="multiple"
              aria-label="Swap categories"
              placeholder="Any category"
              maxCount={LISTING_LIMITS.swapCategories}
              loading={topCategories.isPending}
              options={(topCategories.data ?? [])
                .filter((c) => c.parent_id === null)
                .map((c) => ({ value: c.id, label: c.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item label="Open to offers with cash" name="openForOffer" valuePropName="checked">
            <Switch />
          </Form.Item>
        </fieldset>
      )}

      <Form.Item label="Description" name="description" rules={rules.description}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={LISTING_LIMITS.descriptionMax} />
      </Form.Item>
      <Form.Item label="Condition" name="condition" rules={rules.condition}>
        <Radio.Group optionType="button" options={ProductConditions.map((c) => ({ label: c, value: c }))} />
      </Form.Item>

      <Form.Item label="Address" required>
        <Flex gap={8}>
          <Form.Item name="addressId" rules={rules.addressId} noStyle>
            <Select
              style={{ flex: 1, minWidth: 0 }}
              aria-label="Address"
              // a book that cannot be read is as good as empty: adding one is the way on
              placeholder={addresses?.length || addressBook.isPending ? 'Pick an address' : 'Add an address'}
              loading={addressBook.isPending}
              onChange={pickAddress}
              options={(addresses ?? []).map((a) => ({ value: a.id, label: a.formatted_street_1 }))}
            />
          </Form.Item>
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => bus.emit('address:open', { onSaved: addressAdded })}
          >
            Add address
          </Button>
        </Flex>
      </Form.Item>
      <div className={styles.place}>
        <Form.Item label="City" name="city" rules={rules.city}>
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item label="State" name="state" rules={rules.state}>
          <Input autoComplete="address-level1" />
        </Form.Item>
        <Form.Item label="Zip" name="zip" rules={rules.zip}>
          <Input autoComplete="postal-code" inputMode="numeric" />
        </Form.Item>
      </div>

      {progress !== null && (
        <Progress percent={Math.round(progress * 100)} status="active" aria-label="Upload progress" />
      )}
      <Flex justify="space-between" gap={8} className={styles.actions}>
        <Button size="large" onClick={onBack} disabled={progress !== null}>
          Back
        </Button>
        <Button type="primary" size="large" htmlType="submit" loading={progress !== null}>
          Submit
        </Button>
      </Flex>
    </Form>
  );
}
