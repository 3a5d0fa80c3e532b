#include "inkling_xml.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable array of bytes holding every string of one document; offsets until frozen. */
typedef struct {
    char *data;
    size_t length, capacity;
    int failed; /* set once an allocation failed */
} arena;

typedef struct {
    inkling_xml_element *elements;
    size_t element_count, element_capacity;
    inkling_xml_attribute *attributes;
    size_t attribute_count, attribute_capacity;
    arena strings;
    int status;
} builder;

static int grow(void **items, size_t *capacity, size_t needed, size_t item_size) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity ? *capacity * 2 : 64;
    while (next < needed) next *= 2;
    void *moved = realloc(*items, next * item_size);
    if (!moved) return 0;
    *items = moved;
    *capacity = next;
    return 1;
}

/* Appends `len` bytes and a NUL; returns the offset, or SIZE_MAX when out of memory. */
static size_t arena_add(arena *a, const char *s, size_t len) {
    if (a->failed || !grow((void **)&a->data, &a->capacity, a->length + len + 1, 1)) {
        a->failed = 1;
        return SIZE_MAX;
    }
    size_t at = a->length;
    if (len) memcpy(a->data + at, s, len);
    a->data[at + len] = '\0';
    a->length += len + 1;
    return at;
}

/* Called instead of libxml2's internal subset handler: refuse every DTD before it is read. */
static void refuse_subset(void *ctx, const xmlChar *name, const xmlChar *external_id, const xmlChar *system_id) {
    (void)name; (void)external_id; (void)system_id;
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    *(int *)ctxt->_private = 1;
    xmlStopParser(ctxt);
}

static void walk(builder *b, xmlNodePtr node, int parent, int depth) {
    if (b->status != INKLING_XML_OK) return;
    if (depth >= INKLING_XML_MAX_DEPTH || b->element_count >= INKLING_XML_MAX_ELEMENTS) {
        b->status = INKLING_XML_ERR_LIMIT;
        return;
    }
    if (!grow((void **)&b->elements, &b->element_capacity, b->element_count + 1, sizeof *b->elements)) {
        b->status = INKLING_XML_ERR_MEMORY;
        return;
    }
    size_t index = b->element_count++;
    inkling_xml_element *e = &b->elements[index];
    const char *name = (const char *)node->name;
    e->name = (const char *)(uintptr_t)arena_add(&b->strings, name, strlen(name));
    e->parent = parent;
    e->depth = depth;
    e->line = (int)xmlGetLineNo(node);
    e->attribute_start = b->attribute_count;
    e->attribute_count = 0;
    for (xmlAttrPtr attr = node->properties; attr; attr = attr->next) {
        if (!grow((void **)&b->attributes, &b->attribute_capacity, b->attribute_count + 1, sizeof *b->attributes)) {
            b->status = INKLING_XML_ERR_MEMORY;
            return;
        }
        char qualified[256];
        const char *attr_name = (const char *)attr->name;
        if (attr->ns && attr->ns->prefix && strcmp((const char *)attr->ns->prefix, "xml") == 0) {
            snprintf(qualified, sizeof qualified, "xml:%s", attr_name);
            attr_name = qualified;
        }
        xmlChar *value = xmlNodeListGetString(node->doc, attr->children, 1);
        const char *v = value ? (const char *)value : "";
        size_t name_at = arena_add(&b->strings, attr_name, strlen(attr_name));
        size_t value_at = arena_add(&b->strings, v, strlen(v));
        if (value) xmlFree(value);
        inkling_xml_attribute *a = &b->attributes[b->attribute_count++];
        a->name = (const char *)(uintptr_t)name_at;
        a->value = (const char *)(uintptr_t)value_at;
        b->elements[index].attribute_count++;
    }
    /* The element's own text: concatenate direct text and CDATA children into the arena. */
    size_t text_at = SIZE_MAX;
    for (xmlNodePtr child = node->children; child; child = child->next) {
        if ((child->type != XML_TEXT_NODE && child->type != XML_CDATA_SECTION_NODE) || !child->content) continue;
        size_t len = strlen((const char *)child->content);
        if (text_at == SIZE_MAX) {
            text_at = arena_add(&b->strings, (const char *)child->content, len);
        } else {
            /* Extend the previous string in place: drop its NUL, append, re-terminate. */
            b->strings.length--;
            if (arena_add(&b->strings, (const char *)child->content, len) == SIZE_MAX) text_at = SIZE_MAX;
        }
        if (text_at == SIZE_MAX) { b->status = INKLING_XML_ERR_MEMORY; return; }
    }
    if (text_at == SIZE_MAX) text_at = arena_add(&b->strings, "", 0);
    b->elements[index].text = (const char *)(uintptr_t)text_at;
    if (b->strings.failed) { b->status = INKLING_XML_ERR_MEMORY; return; }
    for (xmlNodePtr child = node->children; child; child = child->next) {
        if (child->type == XML_ELEMENT_NODE) walk(b, child, (int)index, depth + 1);
    }
}

/* Takes every message libxml2 would print (validity notes such as "xml:id … is not an NCName"
 * among them): nothing reaches stderr; the last error stays readable for describe(). The
 * parameter types differ between libxml2 versions (const since 2.12), hence void and the cast. */
static void swallow_error(void *data, void *error) {
    (void)data;
    (void)error;
}

static void describe(char *message, size_t size, const char *fallback, const xmlError *error) {
    if (!message || size == 0) return;
    if (error && error->message) {
        char text[400];
        snprintf(text, sizeof text, "%s", error->message);
        for (char *c = text; *c; c++) if (*c == '\n' || *c == '\r') *c = ' ';
        size_t n = strlen(text);
        while (n > 0 && text[n - 1] == ' ') text[--n] = '\0';
        snprintf(message, size, "line %d: %s", error->line, text);
    } else {
        snprintf(message, size, "%s", fallback);
    }
}

int inkling_xml_parse(const char *bytes, size_t len, inkling_xml_document **out, char *message, size_t message_size) {
    if (out) *out = NULL;
    if (message && message_size) message[0] = '\0';
    if (!bytes || !out || len > INT32_MAX) return INKLING_XML_ERR_ARGUMENT;
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) return INKLING_XML_ERR_MEMORY;
    int saw_dtd = 0;
    ctxt->_private = &saw_dtd;
    ctxt->sax->internalSubset = refuse_subset;
    ctxt->sax->externalSubset = refuse_subset;
    ctxt->sax->serror = (xmlStructuredErrorFunc)swallow_error;
    ctxt->vctxt.error = NULL;
    ctxt->vctxt.warning = NULL;
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, bytes, (int)len, NULL, NULL, options);
    if (saw_dtd) {
        if (doc) xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        describe(message, message_size, "document type declarations (DTDs, entities) are not accepted", NULL);
        return INKLING_XML_ERR_DTD;
    }
    xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
    if (!doc || !ctxt->wellFormed || !root) {
        describe(message, message_size, "not well-formed XML", xmlCtxtGetLastError(ctxt));
        if (doc) xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        return INKLING_XML_ERR_SYNTAX;
    }
    builder b = {0};
    b.status = INKLING_XML_OK;
    walk(&b, root, -1, 0);
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    inkling_xml_document *result = b.status == INKLING_XML_OK ? malloc(sizeof *result) : NULL;
    if (!result) {
        int status = b.status == INKLING_XML_OK ? INKLING_XML_ERR_MEMORY : b.status;
        describe(message, message_size,
                 status == INKLING_XML_ERR_LIMIT ? "elements nest too deep or are too many" : "out of memory", NULL);
        free(b.elements); free(b.attributes); free(b.strings.data);
        return status;
    }
    /* Freeze: offsets become pointers into the arena, which now no longer moves. */
    for (size_t i = 0; i < b.element_count; i++) {
        b.elements[i].name = b.strings.data + (uintptr_t)b.elements[i].name;
        b.elements[i].text = b.strings.data + (uintptr_t)b.elements[i].text;
    }
    for (size_t i = 0; i < b.attribute_count; i++) {
        b.attributes[i].name = b.strings.data + (uintptr_t)b.attributes[i].name;
        b.attributes[i].value = b.strings.data + (uintptr_t)b.attributes[i].value;
    }
    result->elements = b.elements;
    result->element_count = b.element_count;
    result->attributes = b.attributes;
    result->attribute_count = b.attribute_count;
    /* The arena is freed through the first element's name (offset 0 is always the root name). */
    *out = result;
    return INKLING_XML_OK;
}

void inkling_xml_free(inkling_xml_document *doc) {
    if (!doc) return;
    if (doc->element_count) free((void *)doc->elements[0].name);
    free(doc->elements);
    free(doc->attributes);
    free(doc);
}
