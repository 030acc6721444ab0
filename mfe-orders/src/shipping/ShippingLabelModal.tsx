import { useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Skeleton } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { orderMessages } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { FallbackImage, srOnly } from '@swapstuff/sdk/ui';
import { errorText } from '../shared/format';

export interface ShippingLabelModalProps {
  open: boolean;
  /** the label's image (a 4 × 6 in PNG); null when the order has none */
  labelUrl: string | null;
  /** the label is being fetched (bought now when the order had none yet) */
  loading?: boolean;
  /** why the label could not be had (the api's Description), shown instead of "No Shipping Label" */
  error?: string | null;
  /** the label as a file, through the api (spec section 7: POST /api/download {url}) */
  download(url: string): Promise<Blob>;
  onClose(): void;
}

/** The name the spec gives the saved label. */
export const LABEL_FILE_NAME = 'shipping_label.png';

/**
 * Opens a window with the label alone and prints it once the image has loaded. Written with the new
 * window's DOM (not document.write), so nothing of the URL is read as markup. False when the browser
 * gave no window (a popup blocker).
 */
export function printLabel(labelUrl: string): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  const doc = win.document;
  doc.title = 'Shipping label';
  doc.body.style.margin = '0';
  const img = doc.createElement('img');
  img.alt = 'Shipping label';
  img.style.width = '100%';
  img.style.maxWidth = '4in';
  let printed = false;
  const print = () => {
    if (printed) return;
    printed = true;
    win.focus();
    win.print();
  };
  img.addEventListener('load', print, { once: true });
  img.src = labelUrl;
  doc.body.appendChild(img);
  if (img.complete && img.naturalWidth > 0) print();
  return true;
}

/** Saves a blob as a file: an object URL behind an <a download>, clicked and let go. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser has begun the download by the next task
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * The Shipping Label modal (spec sections 2, 7 and 8): the label, Print (a window with the label, then the
 * browser's print dialog; "Failed to open the print window" when the browser blocks it) and Download (the
 * file through the api, saved as shipping_label.png). No label: "No Shipping Label" (with the api's reason when
 * getting one failed); while it is being fetched, a placeholder in its place.
 */
export function ShippingLabelModal({ open, labelUrl, loading, error, download, onClose }: ShippingLabelModalProps) {
  const [downloading, setDownloading] = useState(false);

  const print = () => {
    if (labelUrl && !printLabel(labelUrl)) toast.error(orderMessages.printWindowFailed);
  };

  const save = async () => {
    if (!labelUrl || downloading) return;
    setDownloading(true);
    try {
      saveBlob(await download(labelUrl), LABEL_FILE_NAME);
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Shipping Label"
      onCancel={onClose}
      destroyOnHidden
      width={480}
      footer={
        <Flex justify="end" gap={8} wrap>
          {labelUrl && (
            <>
              <Button icon={<PrinterOutlined aria-hidden />} onClick={print}>
                Print
              </Button>
              <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void save()} loading={downloading}>
                Download
              </Button>
            </>
          )}
          <Button type={labelUrl ? 'default' : 'primary'} onClick={onClose}>
            Close
          </Button>
        </Flex>
      }
    >
      {loading ? (
        <Flex justify="center" role="status" aria-busy="true">
          <span style={srOnly}>Getting the shipping label…</span>
          <Skeleton.Image active style={{ width: 'min(400px, 70vw)', height: 300 }} />
        </Flex>
      ) : labelUrl ? (
        <Flex justify="center">
          <FallbackImage
            src={labelUrl}
            alt="Shipping label"
            width={400}
            height={600}
            loading="eager"
            style={{ width: '100%', maxWidth: 400, height: 'auto', border: '1px solid var(--ant-color-border)' }}
          />
        </Flex>
      ) : error ? (
        <Alert type="error" showIcon title={orderMessages.noShippingLabel} description={error} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={orderMessages.noShippingLabel} />
      )}
    </Modal>
  );
}
