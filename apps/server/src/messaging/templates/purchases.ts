import {
  centis,
  code,
  codeMessage,
  count,
  lines,
  name,
  template,
  type WhatsAppText,
  withAmounts,
} from './define.ts';

// Written by the ledger's purchase functions (ledger/sql/purchases.sql).
export const purchaseTemplates = {
  // To the buyer: {codigo, produto, valor_centis, validade_min}.
  purchase_code: template({
    params: withAmounts({ codigo: code, produto: name, valor_centis: centis, validade_min: count }),
    texts: {
      ht: (v) =>
        codeMessage(
          'ht',
          `KreyolCash: kòd ou pou achte "${v.produto}" (${v.valor}) se *${v.codigo}*.`,
          v.validade_min,
        ),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: seu código para comprar "${v.produto}" (${v.valor}) é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : votre code pour acheter « ${v.produto} » (${v.valor}) est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: your code to buy "${v.produto}" (${v.valor}) is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // To the seller when a purchase is confirmed: {produto, quantidade, valor_centis, comprador}.
  new_sale: template({
    params: withAmounts({
      produto: name,
      quantidade: count,
      valor_centis: centis,
      comprador: name,
    }).transform(({ quantidade, ...v }) => ({ ...v, quantidade: String(quantidade) })),
    texts: {
      ht: (v) =>
        lines(
          'KreyolCash: ou gen yon nouvo vant!',
          `Pwodui: ${v.produto}`,
          `Kantite: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Kliyan: ${v.comprador}`,
        ),
      'pt-BR': (v) =>
        lines(
          'KreyolCash: você tem uma nova venda!',
          `Produto: ${v.produto}`,
          `Quantidade: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Cliente: ${v.comprador}`,
        ),
      fr: (v) =>
        lines(
          'KreyolCash : vous avez une nouvelle vente !',
          `Produit : ${v.produto}`,
          `Quantité : ${v.quantidade}`,
          `Total : ${v.valor}`,
          `Client : ${v.comprador}`,
        ),
      en: (v) =>
        lines(
          'KreyolCash: you have a new sale!',
          `Product: ${v.produto}`,
          `Quantity: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Customer: ${v.comprador}`,
        ),
    },
  }),
};

// The Creole texts as functions of values already written out (see transfers.ts).

export function purchaseCodeMessage(p: {
  code: string;
  productName: string;
  amount: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return purchaseTemplates.purchase_code.texts.ht({
    codigo: p.code,
    produto: p.productName,
    valor: p.amount,
    validade_min: p.expiresInMinutes,
  });
}

export function newSaleMessage(p: {
  productName: string;
  quantity: string;
  amount: string;
  buyerName: string;
}): WhatsAppText {
  return purchaseTemplates.new_sale.texts.ht({
    produto: p.productName,
    quantidade: p.quantity,
    valor: p.amount,
    comprador: p.buyerName,
  });
}
