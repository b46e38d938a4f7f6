import { whatsappNumber } from '@kreyolcash/domain';

/**
 * A chat with the seller on WhatsApp, with a first message already written:
 * `https://wa.me/50937123456?text=…`.
 */
export function whatsappChatUrl(phone: string, message: string): string {
  return `https://wa.me/${whatsappNumber(phone)}?text=${encodeURIComponent(message)}`;
}
